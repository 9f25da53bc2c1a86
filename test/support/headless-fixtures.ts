import { Contract, ContractFactory, JsonRpcProvider, Wallet } from 'ethers';
import { compileContracts } from '../../dev/devchain/contracts';
import { mine } from '../../dev/devchain/dev-commands';
import type { OperatorSettings } from '../../src/provisioning/operators';
import { createOperator } from '../../src/provisioning/operators';
import { statusQuery } from '../../src/workflows/headless-messages';
import { createTestContext, type TestContext } from './harness';
import { http, type HttpResult } from './http';
import { lateBound } from './late-bound';
import { eventually, mineUntil } from './wait';
import { ACK, WebhookReceiver, type Received } from './webhook-receiver';

const ERC20_ABI = ['function balanceOf(address) view returns (uint256)', 'function mint(address to, uint256 amount)'];

export type Form = Record<string, string>;
export const form = (r: Received): Form => Object.fromEntries(new URLSearchParams(r.body));

/** Shared steps of the headless tests: operators, intents, the four endpoints, chain reads, webhooks. */
export function headlessFixtures(ctx: TestContext, receiver: WebhookReceiver) {
  const nodeUrl = ctx.services.chainNodeUrl;
  const provider = new JsonRpcProvider(nodeUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
  const bankroll = ctx.config.BANKROLL_ADDRESS;
  const token = (symbol: string) => ctx.services.registry.tokens.find((t) => t.symbol === symbol)!;
  let seq = 0;

  const f = {
    provider,
    nodeUrl,
    bankroll,
    token,
    async operator(settings: Partial<OperatorSettings> = {}) {
      seq += 1;
      return createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: `Headless ${seq}`, webhookUrl: receiver.url, headlessEnabled: true, ...settings });
    },
    /** The create request, with a fresh user, reference and recipient unless overridden. */
    body(overrides: Record<string, unknown> = {}) {
      seq += 1;
      return {
        externalUserId: `hl-user-${seq}`, lang: 'en', platformFiatCurrency: 'USD', userBalance: '1000', amount: '10.00', executionMode: 'HEADLESS',
        operatorReference: `ref-${seq}`, address: Wallet.createRandom().address, chainId: 31337, tokenAddress: token('USDT').address, ...overrides,
      };
    },
    create: (apiKey: string, body: Record<string, unknown>) => http(ctx.apiUrl, 'POST', '/session/withdraw', { token: apiKey, json: body }),
    /** Creates an intent and returns its handle with the request that made it. */
    async intent(apiKey: string, overrides: Record<string, unknown> = {}) {
      const body = f.body(overrides);
      const r = await f.create(apiKey, body);
      if (r.status !== 201) throw new Error(`create: ${r.status} ${r.text}`);
      const row = await ctx.db.withdrawal.findFirstOrThrow({ where: { sessionRef: r.body.data.sessionRef, mode: 'C' } });
      return { sessionRef: r.body.data.sessionRef as string, id: row.id, body, created: r };
    },
    execute: (apiKey: string, sessionRef: string) => http(ctx.apiUrl, 'POST', `/withdrawals/${sessionRef}/execute`, { token: apiKey }),
    cancel: (apiKey: string, sessionRef: string) => http(ctx.apiUrl, 'POST', `/withdrawals/${sessionRef}/cancel`, { token: apiKey }),
    record: (apiKey: string, sessionRef: string) => http(ctx.apiUrl, 'GET', `/withdrawals/${sessionRef}`, { token: apiKey }),
    options: (apiKey: string, sessionRef?: string) =>
      http(ctx.apiUrl, 'GET', `/withdraw/options${sessionRef ? `?sessionRef=${sessionRef}` : ''}`, { token: apiKey }),
    retry: (adminToken: string, id: string) => http(ctx.apiUrl, 'POST', `/admin/withdrawals/${id}/retry`, { token: adminToken }),
    /** The workflow's live state (status query). */
    live: (sessionRef: string) => ctx.temporal.client.workflow.getHandle(`headless-${sessionRef}`).query(statusQuery),
    /** Until the workflow sits idle in `status`: no retry pending, no check in flight. */
    async waitIdle(sessionRef: string, status: string) {
      const check = async () => {
        const s = await f.live(sessionRef);
        return s.status === status && !s.retryPending && !s.attemptInFlight ? s : null;
      };
      return eventually(check, 30_000, `${sessionRef} idle in ${status}`);
    },
    row: (id: string) => ctx.db.withdrawal.findUniqueOrThrow({ where: { id }, include: { reservation: true } }),
    async waitStatus(id: string, status: string, opts: { mine?: boolean; timeoutMs?: number } = {}) {
      const check = async () => {
        const w = await f.row(id);
        return w.status === status ? w : null;
      };
      const what = `withdrawal ${id} ${status}`;
      return opts.mine ? mineUntil(() => mine({ nodeUrl }), check, opts.timeoutMs ?? 60_000, what) : eventually(check, opts.timeoutMs ?? 60_000, what);
    },
    /** The webhooks received for one withdrawal, parsed, in arrival order. */
    events: (id: string): Form[] => receiver.received.map(form).filter((e) => e.withdrawRequestId === id),
    async waitEvents(id: string, count: number, event?: string): Promise<Form[]> {
      const matching = () => f.events(id).filter((e) => !event || e.event === event);
      return eventually(async () => (matching().length >= count ? matching() : null), 60_000, `${count} ${event ?? 'event'}(s) for ${id}`);
    },
    balanceOf: (tokenAddress: string, owner: string): Promise<bigint> => new Contract(tokenAddress, ERC20_ABI, provider).getFunction('balanceOf')(owner),
    /**
     * A token of its own, registered in this test's database only, priced by the USDT feed (1 USD), with exactly
     * `bankrollRaw` in the bankroll: liquidity known to the unit without touching what other tests use.
     */
    async deployToken(symbol: string, decimals: number, bankrollRaw: bigint): Promise<string> {
      const { TestToken } = compileContracts();
      const signer = await provider.getSigner(0);
      const contract = await new ContractFactory(TestToken.abi, TestToken.bytecode, signer).deploy(`${symbol} (test)`, symbol, decimals);
      await contract.waitForDeployment();
      const address = await contract.getAddress();
      await (await new Contract(address, ERC20_ABI, signer).getFunction('mint')(bankroll, bankrollRaw)).wait();
      await ctx.db.token.create({
        data: { chainId: 31337, address, symbol, displaySymbol: symbol, name: `${symbol} (test)`, decimals, priceFeed: token('USDT').priceFeed },
      });
      return address;
    },
    mineBlocks: (blocks = 1) => mine({ nodeUrl, blocks }),
    /**
     * Mines until no payout of this test's database is signed, sent or about to be: the chain and the bankroll's
     * nonces are shared with the next test file, which must not inherit a transaction still on its way.
     */
    async settleInFlight() {
      const inFlight = async () =>
        (await ctx.db.outboundTx.count({ where: { status: { in: ['SIGNED', 'BROADCAST'] } } })) +
        (await ctx.db.withdrawal.count({ where: { mode: 'C', status: { in: ['EXECUTION_QUEUED', 'WAITING_FOR_GAS', 'RECONCILING'] } } }));
      await mineUntil(() => mine({ nodeUrl }), async () => (await inFlight()) === 0, 120_000, 'payouts in flight to settle');
    },
  };
  return f;
}

export type HeadlessFixtures = ReturnType<typeof headlessFixtures>;

/** Asserts a failed request's status and errorCode (and that the body is the spec 7.1 shape). */
export function expectError(r: HttpResult, status: number, errorCode?: string): void {
  if (r.status !== status) throw new Error(`expected ${status} ${errorCode ?? ''}, got ${r.status} ${r.text}`);
  expect(r.body).toEqual(expect.objectContaining({ message: expect.any(String), error: expect.any(String) }));
  if (errorCode) expect(r.body.errorCode).toBe(errorCode);
  else expect(r.body).not.toHaveProperty('errorCode');
}

export interface HeadlessOperator {
  id: string;
  apiKey: string;
  webhookSecret: string;
}

export interface HeadlessSuite {
  ctx: TestContext;
  receiver: WebhookReceiver;
  f: HeadlessFixtures;
  op: HeadlessOperator;
}

/** One headless test file's world: a context with a worker, an acknowledging receiver, the fixtures, a headless operator. */
export async function openHeadlessSuite(env: Record<string, string>): Promise<HeadlessSuite> {
  const ctx = await createTestContext({ worker: true, env: { WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1,1,1', ...env } });
  const receiver = await new WebhookReceiver().start();
  receiver.answer(() => ACK);
  const f = headlessFixtures(ctx, receiver);
  return { ctx, receiver, f, op: await f.operator() };
}

/**
 * Settles what is in flight (restarting the worker if a test stopped it), so no signed-but-unsent payout carries over
 * to the next file on the shared chain, then stops everything.
 */
export async function closeHeadlessSuite({ ctx, receiver, f }: Pick<HeadlessSuite, 'ctx' | 'receiver' | 'f'>): Promise<void> {
  try {
    await ctx.startWorker();
    await f.settleInFlight();
  } finally {
    // Closed even when a failed test left a payout that never settles: a worker left polling keeps jest from exiting.
    f.provider.destroy();
    await receiver.stop();
    await ctx.close();
  }
}

/**
 * One headless test file's world, opened before its tests and closed after them (what every headless file opens
 * with). The four names are bound once beforeAll has run. `beforeClose` runs first in afterAll (e.g. to stop a
 * worker whose activities the file replaced, so the settling worker is an ordinary one).
 */
export function headlessSuite(env: Record<string, string>, opts: { beforeClose?: () => Promise<void> } = {}): HeadlessSuite {
  let suite: HeadlessSuite | null = null;
  beforeAll(async () => {
    suite = await openHeadlessSuite(env);
  });
  afterAll(async () => {
    await opts.beforeClose?.();
    if (suite) await closeHeadlessSuite(suite);
  });
  return {
    ctx: lateBound('ctx', () => suite?.ctx ?? null),
    receiver: lateBound('receiver', () => suite?.receiver ?? null),
    f: lateBound('f', () => suite?.f ?? null),
    op: lateBound('op', () => suite?.op ?? null),
  };
}
