import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { Transaction, Wallet } from 'ethers';
import { ChainProviders } from '../../src/adapters/chains';
import { sendRaw } from '../../src/chain/evm-node';
import { fund } from '../../dev/devchain/dev-commands';
import { freePort } from '../../src/adapters/free-port';
import { ensureDepositAddress } from '../../src/store/deposit-addresses';
import { runCliProcess } from '../support/cli';
import { createTestContext, type TestContext } from '../support/harness';
import { headlessFixtures, type HeadlessFixtures } from '../support/headless-fixtures';
import { testServices } from '../support/services';
import { silentEndpoint } from '../support/silent-endpoint';
import { mineUntil } from '../support/wait';
import { ACK, WebhookReceiver } from '../support/webhook-receiver';

jest.setTimeout(240_000);

/** A first endpoint that is down: nothing listens on its port (connection refused). */
async function refusing(token: string) {
  return { url: `http://127.0.0.1:${await freePort()}/${token}`, close: async () => {} };
}

/** A first endpoint that accepts the connection and never answers. */
const hanging = (token: string) => silentEndpoint(`/${token}`);

describe.each([
  ['refuses connections', refusing, 'DOWN-KEY-31a7c0'],
  ['hangs past the timeout', hanging, 'HANG-KEY-84be12'],
])('a chain with two RPC URLs whose first %s', (_kind, start, token) => {
  let first: Awaited<ReturnType<typeof refusing>>;
  let ctx: TestContext;
  let receiver: WebhookReceiver;
  let f: HeadlessFixtures;
  let logged = '';

  beforeAll(async () => {
    const services = testServices();
    first = await start(token);
    const logStream = new Writable({ write: (chunk: Buffer, _enc, done) => ((logged += chunk.toString()), done()) });
    ctx = await createTestContext({
      worker: true,
      logStream,
      env: {
        CHAIN_RPC_URLS: `${services.registry.chainId}=${first.url}|${services.chainRpcUrl}`,
        CHAIN_RPC_TIMEOUT_MS: '1000',
        PRICE_RETRY_SECONDS: '1',
        WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1,1,1',
      },
    });
    receiver = await new WebhookReceiver().start();
    receiver.answer(() => ACK);
    f = headlessFixtures(ctx, receiver);
  });

  afterAll(async () => {
    await f?.settleInFlight();
    f?.provider.destroy();
    await receiver?.stop();
    await ctx?.close();
    await first?.close();
  });

  it('When a headless payout is executed and a deposit is paid, Then both go through the second URL: priced, paid, scanned, credited', async () => {
    const op = await f.operator();
    const { id, sessionRef } = await f.intent(op.apiKey, { amount: '4.00' });
    const executed = await f.execute(op.apiKey, sessionRef);
    expect(executed.status).toBe(202);
    await f.waitStatus(id, 'COMPLETED', { mine: true });
    const paid = (await f.record(op.apiKey, sessionRef)).body.data;
    expect(paid).toMatchObject({ status: 'COMPLETED', txState: 'CONFIRMED' });
    expect(await f.provider.getTransactionReceipt(paid.txHash)).toMatchObject({ status: 1 });

    const { address } = await ensureDepositAddress(ctx.db, ctx.config.DEPOSIT_XPUB, op.id, 'failover-depositor');
    const { txHash } = await fund({ nodeUrl: f.nodeUrl, registry: ctx.services.registry, address, token: 'USDT', amount: '5.25' });
    const deposit = await mineUntil(() => f.mineBlocks(), () => ctx.db.deposit.findFirst({ where: { txHash, status: 'CREDITED' } }), 120_000, 'deposit credited');
    expect(deposit.grossAmount.toString()).toBe('5250000');
  });

  it('When the CLI reaches the chain through the same two URLs, Then it answers, and neither its output nor any log or workflow history carries the first URL', async () => {
    const r = await runCliProcess(['reconcile', '--chain', '31337'], { ...ctx.env, LOG_LEVEL: 'debug' });
    expect(r.json.chains[0].asOfBlock).toEqual(expect.any(Number));
    expect(r.stdout + r.stderr).not.toContain(token);
    // The operator learns of the failover, by endpoint number.
    const failover = logged.split('\n').filter((l) => l.includes('RPC endpoint failed; calls go to the next one')).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(failover[0]).toMatchObject({ level: 'warn', chainId: 31337, failed: 1, active: 2 });
    expect(logged).not.toContain(token);

    // Every endpoint failing: the error names the chain's endpoints by number, never by URL. (Both refuse: a hanging
    // endpoint still in play would be waited for as long as ethers waits.)
    const dead = async (label: string) => `http://127.0.0.1:${await freePort()}/${label}-${token}`;
    const failed = await runCliProcess(['reconcile', '--chain', '31337'], { ...ctx.env, LOG_LEVEL: 'debug', CHAIN_RPC_URLS: `31337=${await dead('DOWN')}|${await dead('ALSO')}` });
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(/"error"/);
    expect(failed.stdout + failed.stderr).not.toContain(token);

    for await (const wf of ctx.temporal.client.workflow.list({ query: `TaskQueue = '${ctx.config.TEMPORAL_TASK_QUEUE}'` })) {
      const history = await ctx.temporal.client.workflow.getHandle(wf.workflowId, wf.runId).fetchHistory();
      expect(JSON.stringify(history)).not.toContain(token);
    }
  });
});

/** A first endpoint that passes a transaction on to the node and loses the answer, as a provider's gateway can. */
async function losingAnswers(target: string) {
  const sent: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const method = (JSON.parse(body.toString('utf8')) as { method?: string }).method;
      if (method === 'eth_sendRawTransaction') sent.push(method);
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (r) => (method === 'eth_sendRawTransaction' ? res.writeHead(502).end('bad gateway') : res.writeHead(r.status, { 'content-type': 'application/json' }).end(await r.text())))
        .catch(() => res.writeHead(502).end());
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/LOSSY-KEY`, sent, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('a signed transaction whose first endpoint loses the answer', () => {
  it('When the send is retried on the second endpoint, Then it counts as sent once: one transaction, mined, no error', async () => {
    const services = testServices();
    const lossy = await losingAnswers(services.chainNodeUrl);
    const chains = new ChainProviders({ [services.registry.chainId]: [lossy.url, services.chainNodeUrl] }, {}, { timeoutMs: 1000, logsMaxBlocks: 2000, headShareMs: 0, readTimeoutMs: 3000 });
    try {
      const provider = chains.require(services.registry.chainId);
      const wallet = Wallet.createRandom().connect(provider);
      await fund({ nodeUrl: services.chainNodeUrl, registry: services.registry, address: wallet.address, token: 'native', amount: '1' });
      const fees = await provider.getFeeData();
      const raw = await wallet.signTransaction({
        to: Wallet.createRandom().address, value: 1000n, nonce: 0, gasLimit: 21000n, chainId: services.registry.chainId,
        maxFeePerGas: fees.maxFeePerGas!, maxPriorityFeePerGas: fees.maxPriorityFeePerGas!, type: 2,
      });

      await sendRaw(provider, raw);

      expect(lossy.sent).toHaveLength(1);
      const hash = Transaction.from(raw).hash!;
      expect(await provider.waitForTransaction(hash, 1, 30_000)).toMatchObject({ status: 1 });
      expect(await provider.getTransactionCount(wallet.address, 'latest')).toBe(1);
    } finally {
      chains.destroy();
      await lossy.close();
    }
  });
});
