import { ConfigError } from '../../src/config/env';

export type Role = 'api' | 'worker';

export interface PlannedService {
  /** e.g. `api`, `worker` (one of each) or `api-1`, `worker-2` (several). */
  name: string;
  role: Role;
  env: Record<string, string>;
  /** The API's own port (API processes only). */
  port?: number;
}

export interface ServicePlan {
  services: PlannedService[];
  /** The port clients use: the single API's, or the front proxy's when there are several. */
  frontPort: number;
  /** Set when API processes sit behind the launcher's front proxy. */
  apiPorts: number[];
}

/**
 * How many API processes and workers `npm start` runs: `--processes N` (after `npm start --`), else
 * GATEWAY_PROCESSES, else 1 of each.
 */
export function processCount(argv: readonly string[], env: NodeJS.ProcessEnv): number {
  const i = argv.indexOf('--processes');
  const raw = i >= 0 ? argv[i + 1] : env.GATEWAY_PROCESSES;
  if (raw === undefined || raw === '') return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 16) throw new ConfigError(`--processes / GATEWAY_PROCESSES must be a whole number from 1 to 16, got ${JSON.stringify(raw)}`);
  return n;
}

/**
 * The service processes for `count` of each kind. One of each runs exactly as before (API on PORT, worker metrics on
 * WORKER_METRICS_PORT). With several, the front proxy takes PORT and API process i (1-based) listens on PORT + i;
 * worker i serves its metrics on WORKER_METRICS_PORT + i - 1 (0 keeps them off); every API process builds widget
 * links from the front address (PUBLIC_BASE_URL unless set).
 */
export function planServices(count: number, envOf: Record<Role, Record<string, string>>, config: { HOST: string; PORT: number; WORKER_METRICS_PORT: number }): ServicePlan {
  if (count === 1) {
    return { services: [{ name: 'worker', role: 'worker', env: envOf.worker }, { name: 'api', role: 'api', env: envOf.api, port: config.PORT }], frontPort: config.PORT, apiPorts: [] };
  }
  const publicBase = envOf.api.PUBLIC_BASE_URL ?? `http://${config.HOST}:${config.PORT}`;
  const n = Array.from({ length: count }, (_, i) => i + 1);
  const workers = n.map((i): PlannedService => ({
    name: `worker-${i}`,
    role: 'worker',
    env: { ...envOf.worker, WORKER_METRICS_PORT: String(config.WORKER_METRICS_PORT ? config.WORKER_METRICS_PORT + i - 1 : 0) },
  }));
  const apis = n.map((i): PlannedService => ({
    name: `api-${i}`,
    role: 'api',
    port: config.PORT + i,
    env: { ...envOf.api, PORT: String(config.PORT + i), PUBLIC_BASE_URL: publicBase },
  }));
  return { services: [...workers, ...apis], frontPort: config.PORT, apiPorts: apis.map((a) => a.port!) };
}
