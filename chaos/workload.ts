import { Contract, formatUnits, JsonRpcProvider, parseUnits, Wallet } from 'ethers';
import type { DevChainRegistry } from '../dev/devchain/deploy';
import { ensureDepositAddress } from '../src/store/deposit-addresses';
import { fund } from '../dev/devchain/dev-commands';
import { createAdmin } from '../src/provisioning/admins';
import { createOperator } from '../src/provisioning/operators';
import { recordTreasurySend } from '../src/provisioning/treasury';
import { addTreasurySource } from '../src/provisioning/treasury-sources';
import { addColdAddress } from '../src/store/treasury-sends';
import { startTreasurySend } from '../src/temporal/client/treasury';
import type { TestContext } from '../test/support/harness';
import { headlessFixtures } from '../test/support/headless-fixtures';
import { http, type HttpResult } from '../test/support/http';
import { delay } from '../test/support/wait';
import type { WebhookReceiver } from '../test/support/webhook-receiver';
import { withdrawFixtures } from '../test/support/withdraw-fixtures';
import { pick } from './random';

export type Kind = 'A' | 'B' | 'C' | 'deposit' | 'treasury';

/** What the campaign asked for, to be checked against the chain and the records at the end. */
export interface Ledger {
  withdrawals: Array<{ id: string; mode: 'A' | 'B' | 'C' }>;
  deposits: Array<{ txHash: string; asset: string }>;
  /** Treasury sends to the cold address, recorded and started as `treasury send` does. */
  treasurySends: Array<{ transferId: string; to: string; tokenAddress: string; raw: bigint }>;
  /** Top-ups into the bankroll from the registered treasury source: reconcile must book them. */
  topUps: string[];
  /** Calls that kept failing until the campaign gave up on them: the item was never fully asked for. */
  abandoned: string[];
}

const FINAL = ['COMPLETED', 'REJECTED', 'FAILED', 'CANCELLED', 'EXPIRED'];

/**
 * Drives the gateway as its callers would while the worker is being killed: Mode A (admin PROCESSING, then
 * COMPLETED), Mode B (APPROVE with auto-release), Mode C (headless execute), deposits to fresh addresses, and treasury
 * items (a top-up from a registered source, then a treasury send to a registered cold address). Every
 * call is retried until the record shows it took effect, as an operator's retrying client would; a retry must
 * never pay twice, which is what the final checks verify.
 */
export async function openWorkload(ctx: TestContext, receiver: WebhookReceiver, rand: () => number, chain: { nodeUrl: string; registry: DevChainRegistry }) {
  const wf = withdrawFixtures(ctx, chain);
  const hf = headlessFixtures(ctx, receiver);
  const hook = { webhookUrl: receiver.url };
  const sync = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Chaos A', ...hook });
  const external = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Chaos B', approvalMode: 'EXTERNAL', autoRelease: true, ...hook });
  const headless = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Chaos C', headlessEnabled: true, ...hook });
  await createAdmin(ctx.db, 'chaos@example.com', 'chaos-password', 'ADMIN');
  const admin = (await http(ctx.apiUrl, 'POST', '/admin/login', { json: { email: 'chaos@example.com', password: 'chaos-password' } })).body.token as string;
  const ledger: Ledger = { withdrawals: [], deposits: [], treasurySends: [], topUps: [], abandoned: [] };
  const treasury = await openTreasury(ctx, chain);
  let seq = 0;

  /** When the kills ended (null while they go on): a call's patience counts from then at the earliest. */
  let calmSince: number | null = null;

  /**
   * Calls `step` until `done` holds (re-read from the records), for at most `ms` after the later of its own start and
   * the end of the kills. While the worker is killed every few seconds on a loaded machine, it may be up too briefly to
   * take an update for minutes on end; a retrying client keeps trying through a crash loop, and what the campaign
   * checks is that nothing is paid twice or lost, not that calls get through during one.
   */
  async function until(what: string, done: () => Promise<boolean>, step: () => Promise<HttpResult | void>, ms = 180_000): Promise<boolean> {
    const started = Date.now();
    while (calmSince === null || Date.now() < Math.max(started, calmSince) + ms) {
      if (await done()) return true;
      await step().catch(() => undefined);
      await delay(300);
    }
    ledger.abandoned.push(what);
    return false;
  }
  const row = (id: string) => ctx.db.withdrawal.findUniqueOrThrow({ where: { id } });

  /** A widget withdrawal (A or B): the session's one request, found in the records if the answer was lost. */
  async function widgetRequest(apiKey: string, mode: 'A' | 'B'): Promise<string | null> {
    const s = await wf.session(apiKey, `${2 + Math.floor(rand() * 8)}.${String(Math.floor(rand() * 100)).padStart(2, '0')}`);
    const to = wf.recipient();
    const find = () => ctx.db.withdrawal.findFirst({ where: { sessionId: s.sid } });
    await until(`submit ${mode} ${s.sessionRef}`, async () => (await find()) !== null, () => wf.submit(s.sid, to));
    const w = await find();
    if (w) ledger.withdrawals.push({ id: w.id, mode });
    return w?.id ?? null;
  }

  const run: Record<Kind, () => Promise<void>> = {
    async A() {
      const id = await widgetRequest(sync.apiKey, 'A');
      if (!id) return;
      await until(`mode A ${id}`, async () => FINAL.includes((await row(id)).status), async () => {
        const status = (await row(id)).status;
        return wf.adminMove(admin, id, status === 'PENDING' ? 'PROCESSING' : 'COMPLETED');
      });
    },
    async B() {
      const id = await widgetRequest(external.apiKey, 'B');
      if (id) await until(`mode B ${id}`, async () => (await row(id)).status !== 'AWAITING_APPROVAL', () => wf.decide(external.apiKey, id, 'APPROVE'));
    },
    async C() {
      const usdt = chain.registry.tokens.find((t) => t.symbol === 'USDT')!;
      const { id, sessionRef } = await hf.intent(headless.apiKey, { amount: `${1 + Math.floor(rand() * 9)}.50`, chainId: chain.registry.chainId, tokenAddress: usdt.address });
      ledger.withdrawals.push({ id, mode: 'C' });
      await until(`mode C ${id}`, async () => (await row(id)).status !== 'CREATED', () => hf.execute(headless.apiKey, sessionRef));
    },
    async deposit() {
      seq += 1;
      const { address } = await ensureDepositAddress(ctx.db, ctx.config.DEPOSIT_XPUB, sync.id, `chaos-depositor-${seq}`);
      const asset = pick(rand, ['USDT', 'USDC', 'native'] as const);
      // Token deposits worth more than their sweep's gas (domain/dust: a cheaper one waits for lower fees).
      const amount = asset === 'native' ? '0.0' + (1 + Math.floor(rand() * 9)) : `${10 + Math.floor(rand() * 20)}.25`;
      const { txHash } = await fund({ nodeUrl: chain.nodeUrl, registry: chain.registry, address, token: asset, amount });
      ledger.deposits.push({ txHash, asset });
    },
    async treasury() {
      const usdt = chain.registry.tokens.find((t) => t.symbol === 'USDT')!;
      ledger.topUps.push(await treasury.topUp(usdt.address, parseUnits(`${20 + Math.floor(rand() * 20)}`, usdt.decimals)));
      const amount = `${1 + Math.floor(rand() * 9)}.75`;
      const transfer = await recordTreasurySend(ctx.db, ctx.chains, ctx.config.BANKROLL_ADDRESS, { chainId: chain.registry.chainId, asset: 'USDT', amount, to: treasury.cold, by: 'chaos' });
      ledger.treasurySends.push({ transferId: transfer.id, to: treasury.cold, tokenAddress: usdt.address, raw: parseUnits(amount, usdt.decimals) });
      // A start lost to the kills is the treasury relay's to redo, as a CLI's lost start would be.
      await until(`treasury send ${transfer.id}`, async () => (await ctx.db.treasuryTransfer.findUniqueOrThrow({ where: { id: transfer.id } })).status !== 'REQUESTED', async () => {
        await startTreasurySend(ctx.temporal.client, ctx.config, transfer.id).catch(() => undefined);
      });
    },
  };

  return {
    ledger,
    /** The kills are over: from now each call's patience runs out. */
    calm() {
      calmSince = Date.now();
    },
    /** Starts one item of the workload; it runs on its own, retrying, while the caller goes on. */
    launch(kind: Kind): Promise<void> {
      return run[kind]().catch((err: unknown) => {
        ledger.abandoned.push(`${kind}: ${(err as Error).message}`);
      });
    },
    close() {
      wf.provider.destroy();
      hf.provider.destroy();
      treasury.provider.destroy();
    },
  };
}

/**
 * The campaign's treasury: a source wallet registered as a treasury source (funded with gas, and with USDT before each
 * top-up) and a registered cold address the sends go to.
 */
async function openTreasury(ctx: TestContext, chain: { nodeUrl: string; registry: DevChainRegistry }) {
  const { chainId } = chain.registry;
  const provider = new JsonRpcProvider(chain.nodeUrl, chainId, { staticNetwork: true, cacheTimeout: -1 });
  const source = Wallet.createRandom().connect(provider);
  const cold = Wallet.createRandom().address;
  await addTreasurySource(ctx.db, ctx.config.BANKROLL_ADDRESS, { chainId, address: source.address, by: 'chaos' });
  await addColdAddress(ctx.db, { chainId, address: cold, by: 'chaos' });
  await fund({ nodeUrl: chain.nodeUrl, registry: chain.registry, address: source.address, token: 'native', amount: '1' });
  // One top-up at a time: the source's nonces are its own.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    provider,
    cold,
    /** Funds the source with `raw` USDT, then the source sends it to the bankroll; answers the top-up's hash. */
    topUp(token: string, raw: bigint): Promise<string> {
      const next = queue.then(async () => {
        const { symbol, decimals } = chain.registry.tokens.find((t) => t.address === token)!;
        await fund({ nodeUrl: chain.nodeUrl, registry: chain.registry, address: source.address, token: symbol, amount: formatUnits(raw, decimals) });
        const tx = await new Contract(token, ['function transfer(address,uint256) returns (bool)'], source).getFunction('transfer')(ctx.config.BANKROLL_ADDRESS, raw);
        await tx.wait();
        return tx.hash as string;
      });
      queue = next.catch(() => undefined);
      return next;
    },
  };
}
