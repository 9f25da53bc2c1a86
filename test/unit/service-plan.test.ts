import { planServices, processCount } from '../../dev/launcher/service-plan';

const envOf = { api: { DATABASE_URL: 'postgresql://x/db' }, worker: { DATABASE_URL: 'postgresql://x/db', BANKROLL_PRIVATE_KEY: '0xkey' } };
const config = { HOST: '127.0.0.1', PORT: 3000, WORKER_METRICS_PORT: 9464 };

describe('launcher process count', () => {
  it('When neither --processes nor GATEWAY_PROCESSES is given, Then one of each', () => {
    expect(processCount(['node', 'main.ts'], {})).toBe(1);
  });

  it('When --processes is given, Then it wins over GATEWAY_PROCESSES', () => {
    expect(processCount(['node', 'main.ts', '--processes', '3'], { GATEWAY_PROCESSES: '2' })).toBe(3);
    expect(processCount(['node', 'main.ts'], { GATEWAY_PROCESSES: '2' })).toBe(2);
  });

  it.each([['0'], ['1.5'], ['two'], ['17']])('When the count is %s, Then start refuses it naming the option', (raw) => {
    expect(() => processCount(['--processes', raw], {})).toThrow(/--processes \/ GATEWAY_PROCESSES/);
  });
});

describe('launcher service plan', () => {
  it('When one of each, Then the worker and the API run as before: API on PORT, no front proxy', () => {
    const plan = planServices(1, envOf, config);
    expect(plan.services.map((s) => [s.name, s.role, s.port])).toEqual([['worker', 'worker', undefined], ['api', 'api', 3000]]);
    expect(plan.apiPorts).toEqual([]);
    expect(plan.services[1]!.env).toBe(envOf.api);
  });

  it('When two of each, Then APIs on PORT+1 and PORT+2 behind the front on PORT, links to the front, one metrics port per worker, keys with the workers only', () => {
    const plan = planServices(2, envOf, config);
    expect(plan.frontPort).toBe(3000);
    expect(plan.apiPorts).toEqual([3001, 3002]);
    const byName = Object.fromEntries(plan.services.map((s) => [s.name, s]));
    expect(Object.keys(byName).sort()).toEqual(['api-1', 'api-2', 'worker-1', 'worker-2']);
    expect(byName['api-2']!.env).toMatchObject({ PORT: '3002', PUBLIC_BASE_URL: 'http://127.0.0.1:3000' });
    expect(byName['api-1']!.env).not.toHaveProperty('BANKROLL_PRIVATE_KEY');
    expect([byName['worker-1']!.env.WORKER_METRICS_PORT, byName['worker-2']!.env.WORKER_METRICS_PORT]).toEqual(['9464', '9465']);
    expect(byName['worker-2']!.env.BANKROLL_PRIVATE_KEY).toBe('0xkey');
  });

  it('When PUBLIC_BASE_URL is set or worker metrics are off, Then both are kept', () => {
    const plan = planServices(2, { ...envOf, api: { ...envOf.api, PUBLIC_BASE_URL: 'https://pay.example' } }, { ...config, WORKER_METRICS_PORT: 0 });
    expect(plan.services.filter((s) => s.role === 'api').map((s) => s.env.PUBLIC_BASE_URL)).toEqual(['https://pay.example', 'https://pay.example']);
    expect(plan.services.filter((s) => s.role === 'worker').map((s) => s.env.WORKER_METRICS_PORT)).toEqual(['0', '0']);
  });
});
