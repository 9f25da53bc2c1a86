import { pricingFrom } from '../../src/chain/prices';
import { execFile } from 'node:child_process';
import nodeHttp from 'node:http';
import path from 'node:path';
import { ChainProviders } from '../../src/adapters/chains';
import { createDb } from '../../src/adapters/db';
import { createLogger } from '../../src/adapters/logger';
import { startServer } from '../../src/http/server';
import { setProxyRpc } from '../../dev/devchain/rpc-proxy';
import { createAdmin } from '../../src/provisioning/admins';
import { createOperator } from '../../src/provisioning/operators';
import { createTestContext, type TestContext } from '../support/harness';
import { http } from '../support/http';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const api = (method: string, p: string, opts?: Parameters<typeof http>[3]) => http(ctx.apiUrl, method, p, opts);

function expectErrorBody(body: any, status: number, errorCode: string) {
  expect(Object.keys(body).sort()).toEqual(expect.arrayContaining(['error', 'errorCode', 'message']));
  expect(body.errorCode).toBe(errorCode);
  expect(typeof body.message).toBe('string');
  expect(body.error).toBe({ 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' }[status]);
  expect(JSON.stringify(body)).not.toMatch(/\bat .+\.(ts|js):\d+|stack/i);
}

describe('public endpoints', () => {
  it('When /healthz is called, Then the process answers ok', async () => {
    const r = await api('GET', '/healthz');
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('ok');
  });

  it('When every dependency answers, Then /readyz is 200 with each check up', async () => {
    const r = await api('GET', '/readyz');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ok', checks: { database: 'up', temporal: 'up', chains: { '31337': 'up' } } });
  });

  it('When the chain RPC is cut off, Then /readyz is 503 naming the chain, and 200 again once restored', async () => {
    await setProxyRpc(ctx.services.chainRpcUrl, false);
    try {
      const r = await api('GET', '/readyz');
      expect(r.status).toBe(503);
      expect(r.body.status).toBe('degraded');
      expect(r.body.checks.chains['31337']).toBe('down');
      expect(r.body.checks.database).toBe('up');
    } finally {
      await setProxyRpc(ctx.services.chainRpcUrl, true);
    }
    expect((await api('GET', '/readyz')).status).toBe(200);
  });

  it('When the database does not answer, Then /readyz is 503 with database down', async () => {
    const deadDb = createDb('postgresql://postgres:postgres@127.0.0.1:1/nothing', 1);
    const chains = new ChainProviders(ctx.config.CHAIN_RPC_URLS);
    const server = await startServer(
      { config: ctx.config, db: deadDb, temporal: ctx.temporal, chains, logger: createLogger({ level: 'error', stream: process.stderr }), ...pricingFrom(ctx.config, deadDb, chains) },
      0,
      '127.0.0.1',
    );
    try {
      const r = await http(server.url, 'GET', '/readyz');
      expect(r.status).toBe(503);
      expect(r.body.checks.database).toBe('down');
      expect(r.body.checks.temporal).toBe('up');
    } finally {
      await server.close();
      chains.destroy();
      await deadDb.$disconnect();
    }
  });

  it('When GET /chain is called, Then the dev chain is listed with its native asset and tokens with decimals', async () => {
    const r = await api('GET', '/chain');
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body)).toBe(true);
    const chain = r.body.find((c: any) => c.chainId === 31337);
    expect(chain).toMatchObject({ type: 'EVM', nativeSymbol: 'ETH', depositConfirmations: 3, withdrawConfirmations: 2, active: true });
    const bySymbol = Object.fromEntries(chain.tokens.map((t: any) => [t.symbol, t]));
    expect(bySymbol.ETH).toMatchObject({ address: null, decimals: 18 });
    expect(bySymbol.USDT).toMatchObject({ decimals: 6, address: ctx.services.registry.tokens.find((t) => t.symbol === 'USDT')!.address });
    expect(bySymbol.USDC.decimals).toBe(6);
    expect(bySymbol.WETH.decimals).toBe(18);
  });

  it('When a client keeps its connection open between requests, Then the server keeps it past the idle time of common clients and load balancers', async () => {
    // Node's default (5 s) closes an idle connection while a client or balancer that keeps it 60 s sends on it:
    // the request fails in transit (seen as "fetch failed" in the fuzz run under load).
    const keepAlive = await new Promise<string | undefined>((resolve, reject) => {
      nodeHttp.get(`${ctx.apiUrl}/healthz`, { agent: new nodeHttp.Agent({ keepAlive: true }) }, (res) => {
        res.resume();
        resolve(res.headers['keep-alive'] as string | undefined);
      }).on('error', reject);
    });
    expect(Number(/timeout=(\d+)/.exec(keepAlive ?? '')?.[1])).toBeGreaterThan(60);
  });

  it('When a route does not exist, Then 404 NOT_FOUND in the error format', async () => {
    const r = await api('GET', '/nope');
    expect(r.status).toBe(404);
    expectErrorBody(r.body, 404, 'NOT_FOUND');
  });
});

describe('credentials', () => {
  let operator: { id: string; apiKey: string };
  let inactive: { apiKey: string };
  let adminToken: string;

  beforeAll(async () => {
    operator = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Acme' });
    inactive = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Gone', status: 'INACTIVE' });
    await createAdmin(ctx.db, 'ops@example.com', 'a-long-password', 'ADMIN');
    const login = await api('POST', '/admin/login', { json: { email: 'ops@example.com', password: 'a-long-password' } });
    expect(login.status).toBe(200);
    adminToken = login.body.token;
  });

  it.each([
    ['no Authorization header', undefined],
    ['a malformed key', 'not-a-key'],
    ['a well-formed unknown key', 'gw_0123456789abcdef_' + 'A'.repeat(43)],
  ])('When an operator route gets %s, Then 401 UNAUTHORIZED', async (_what, token) => {
    const r = await api('POST', '/session/deposit', { token, json: {} });
    expect(r.status).toBe(401);
    expectErrorBody(r.body, 401, 'UNAUTHORIZED');
  });

  it('When the key is right but one character is changed, Then 401', async () => {
    const last = operator.apiKey.at(-1) === 'A' ? 'B' : 'A';
    const r = await api('POST', '/session/deposit', { token: operator.apiKey.slice(0, -1) + last, json: {} });
    expect(r.status).toBe(401);
  });

  it('When an inactive operator calls, Then 403 OPERATOR_INACTIVE', async () => {
    const r = await api('POST', '/session/deposit', { token: inactive.apiKey, json: {} });
    expect(r.status).toBe(403);
    expectErrorBody(r.body, 403, 'OPERATOR_INACTIVE');
  });

  it('When an admin token is used on an operator route, Then 401', async () => {
    const r = await api('POST', '/session/deposit', { token: adminToken, json: {} });
    expect(r.status).toBe(401);
    expectErrorBody(r.body, 401, 'UNAUTHORIZED');
  });

  it('When a path is undeclared under an operator segment, Then the guard judges the key first: 401 without one, 404 with it', async () => {
    const anonymous = await api('GET', '/withdrawals/abc/nothing-here');
    expect(anonymous.status).toBe(401);
    expectErrorBody(anonymous.body, 401, 'UNAUTHORIZED');
    const keyed = await api('GET', '/withdrawals/abc/nothing-here', { token: operator.apiKey });
    expect(keyed.status).toBe(404);
    expectErrorBody(keyed.body, 404, 'NOT_FOUND');
  });

  it('When a path differs only in case, Then it reaches the same guard and endpoint (routes match case-insensitively)', async () => {
    const r = await api('POST', '/Session/Deposit', { token: operator.apiKey, json: { externalUserId: 'u-case', lang: 'en', platformFiatCurrency: 'EUR', userBalance: '1', amount: '10' } });
    expect(r.status).toBe(201);
    expect(r.body.data.sid).toMatch(/^[0-9a-f-]{36}$/);
    expect((await api('POST', '/SESSION/deposit', { json: {} })).status).toBe(401);
  });

  it('When a sid endpoint sits under an operator segment, Then it answers without an operator key (before the guard)', async () => {
    const r = await api('POST', '/session/info', { json: { sid: '00000000-0000-4000-8000-000000000000' } });
    expect(r.status).not.toBe(401);
    expect(r.body.errorCode).not.toBe('UNAUTHORIZED');
  });

  it('When the operator key is used on /admin/*, Then 401, while the admin token reads', async () => {
    const asOperator = await api('GET', '/admin/operators', { token: operator.apiKey });
    expect(asOperator.status).toBe(401);
    expectErrorBody(asOperator.body, 401, 'UNAUTHORIZED');
    const asAdmin = await api('GET', '/admin/operators', { token: adminToken });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.map((o: any) => o.name)).toEqual(['Acme', 'Gone']);
    expect(JSON.stringify(asAdmin.body)).not.toMatch(/apiKeyHash|webhookSecretEnc|whsec_/);
  });

  it('When login has a wrong password or an unknown email, Then 401 and no token', async () => {
    for (const body of [
      { email: 'ops@example.com', password: 'wrong-password' },
      { email: 'nobody@example.com', password: 'a-long-password' },
    ]) {
      const r = await api('POST', '/admin/login', { json: body });
      expect(r.status).toBe(401);
      expect(r.body.token).toBeUndefined();
      expectErrorBody(r.body, 401, 'UNAUTHORIZED');
    }
  });

  it('When an admin token has expired, Then 401', async () => {
    await ctx.db.adminSession.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
    const r = await api('GET', '/admin/operators', { token: adminToken });
    expect(r.status).toBe(401);
  });
});

describe('request errors', () => {
  it('When the body is not valid JSON, Then 400 INVALID_JSON', async () => {
    const r = await api('POST', '/admin/login', { rawBody: '{"email": "x",' });
    expect(r.status).toBe(400);
    expectErrorBody(r.body, 400, 'INVALID_JSON');
  });

  it('When a field is invalid, Then 400 VALIDATION_ERROR with details naming it', async () => {
    const r = await api('POST', '/admin/login', { json: { email: 'x@example.com' } });
    expect(r.status).toBe(400);
    expectErrorBody(r.body, 400, 'VALIDATION_ERROR');
    expect(r.body.details).toEqual([expect.objectContaining({ field: 'password' })]);
  });

  it('When a request carries an X-Request-Id, Then it is echoed; else one is made', async () => {
    const given = await api('GET', '/healthz', { headers: { 'x-request-id': 'req-12345678' } });
    expect(given.headers.get('x-request-id')).toBe('req-12345678');
    const made = await api('GET', '/healthz');
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('service start-up', () => {
  it('When an environment variable is bad, Then the service refuses to start and names it', async () => {
    const root = path.resolve(__dirname, '../..');
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(
        path.join(root, 'node_modules/.bin/tsx'),
        [path.join(root, 'src/main.ts'), '--role', 'api'],
        { env: { PATH: process.env.PATH ?? '', ...ctx.env, PORT: 'not-a-port' }, timeout: 60_000 },
        (err, _stdout, stderr) => resolve({ code: err ? ((err.code as number) ?? 1) : 0, stderr }),
      );
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/Invalid environment:[\s\S]*PORT/);
    expect(result.stderr).not.toContain(ctx.env.SECRETS_KEY!);
  });
});
