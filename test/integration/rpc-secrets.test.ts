import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chainScannerWorkflowId } from '../../src/domain/keys';
import { runCliProcess } from '../support/cli';
import { createTestContext, type TestContext } from '../support/harness';
import { testServices } from '../support/services';
import { eventually } from '../support/wait';

jest.setTimeout(180_000);

/** The provider's key, as many RPC providers take it: in the URL's path. */
const TOKEN = 'SECRET-RPC-TOKEN-4f1c9a';

/** A forwarding proxy in front of the dev chain that can be made to fail like a provider does (500 with a body). */
async function secretRpc(target: string) {
  const state = { failing: false };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (state.failing || req.url !== `/${TOKEN}`) {
        res.writeHead(500).end('upstream unavailable');
        return;
      }
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) })
        .then(async (r) => res.writeHead(r.status, { 'content-type': 'application/json' }).end(await r.text()))
        .catch(() => res.writeHead(502).end());
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { state, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/${TOKEN}`, close: () => new Promise((r) => server.close(r)) };
}

let ctx: TestContext;
let rpc: Awaited<ReturnType<typeof secretRpc>>;
let logged = '';
const realWrite = process.stderr.write.bind(process.stderr);

beforeAll(async () => {
  const services = testServices();
  rpc = await secretRpc(services.chainRpcUrl);
  // Everything the service logs (its logger and the Temporal SDK's, which it forwards) goes to stderr here.
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
    logged += chunk.toString();
    return realWrite(chunk, ...rest);
  }) as typeof process.stderr.write;
  ctx = await createTestContext({ worker: true, env: { LOG_LEVEL: 'debug', CHAIN_RPC_URLS: `${services.registry.chainId}=${rpc.url}` } });
});

afterAll(async () => {
  await ctx?.close();
  process.stderr.write = realWrite;
  await rpc?.close();
});

describe('RPC URLs stay secret', () => {
  it('When the provider fails with its URL in the error, Then no log line, API body, activity failure or workflow history carries it', async () => {
    const chainId = ctx.services.registry.chainId;
    const scanner = ctx.temporal.client.workflow.getHandle(chainScannerWorkflowId(ctx.config.TEMPORAL_TASK_QUEUE, chainId));
    rpc.state.failing = true;

    // The scanner's step fails on the provider's error and is retried: its last failure is what the Web UI shows.
    const lastFailure = await eventually(async () => {
      const d = await scanner.describe();
      const failure = d.raw.pendingActivities?.find((a) => (a.attempt ?? 0) >= 2 && a.lastFailure)?.lastFailure;
      return failure ? JSON.stringify(failure) : null;
    }, 60_000, 'a retried scanner step');
    expect(lastFailure).toMatch(/SERVER_ERROR/);
    expect(lastFailure).not.toContain(TOKEN);

    const ready = await fetch(`${ctx.apiUrl}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.text()).not.toContain(TOKEN);

    for await (const wf of ctx.temporal.client.workflow.list({ query: `TaskQueue = '${ctx.config.TEMPORAL_TASK_QUEUE}'` })) {
      const history = await ctx.temporal.client.workflow.getHandle(wf.workflowId, wf.runId).fetchHistory();
      expect(JSON.stringify(history)).not.toContain(TOKEN);
    }
    expect(logged).toMatch(/SERVER_ERROR/);
    expect(logged).not.toContain(TOKEN);
  });

  it('When a CLI command fails on the provider, Then its error answer and its logs do not carry the URL', async () => {
    rpc.state.failing = true;
    const r = await runCliProcess(['reconcile'], { ...ctx.env, CHAIN_RPC_URLS: `${ctx.services.registry.chainId}=${rpc.url}` });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/SERVER_ERROR|rpc of chain/);
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
  });
});
