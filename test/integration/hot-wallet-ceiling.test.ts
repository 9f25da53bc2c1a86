import Decimal from 'decimal.js';
import { Wallet } from 'ethers';
import { fund, setPrice } from '../../dev/devchain/dev-commands';
import { createHotWalletActivities, HOT_WALLET_REQUESTER } from '../../src/activities/hot-wallet';
import { pricingFrom } from '../../src/chain/prices';
import { setHotWallet } from '../../src/provisioning/hot-wallet';
import { recordTreasurySend } from '../../src/provisioning/treasury';
import { recordCeilingSends, type PricedAsset } from '../../src/store/hot-wallet';
import { workflowStarts } from '../../src/temporal/client/starts';
import { runCli } from '../support/cli';
import { headlessSuite } from '../support/headless-fixtures';
import { testServices } from '../support/services';
import { eventually, mineUntil } from '../support/wait';

/**
 * The hot-wallet ceiling (CONTRACT §9) on a bankroll of this file's own, so its value is known: 0.1 ETH (never moved:
 * less than the native coin's gas allowance) and 1000 USDT. The relay checks every second; the payouts and sends pause
 * 6 s between signing and broadcast, so a payout's reservation is ACTIVE while a check runs.
 */
const bankroll = Wallet.createRandom();
const CHAIN = 31337;
beforeAll(async () => {
  const { chainNodeUrl: nodeUrl, registry } = testServices();
  await fund({ nodeUrl, registry, address: bankroll.address, token: 'native', amount: '0.1' });
  await fund({ nodeUrl, registry, address: bankroll.address, token: 'USDT', amount: '1000' });
});
const { ctx, f, op } = headlessSuite({
  BANKROLL_PRIVATE_KEY: bankroll.privateKey,
  BANKROLL_ADDRESS: bankroll.address,
  HOT_WALLET_CHECK_SECONDS: '1',
  TEST_PAUSE_BEFORE_BROADCAST_MS: '6000',
});

const cli = (...args: string[]) => runCli(args, ctx.env);
const usdt = () => f.token('USDT').address;
/** The check as the worker runs it, called here: two calls at once are two workers' checks. */
const activities = () =>
  createHotWalletActivities({ config: ctx.config, db: ctx.db, chains: ctx.chains, logger: ctx.logger, workflows: workflowStarts(ctx.temporal.client, ctx.config, ctx.db), ...pricingFrom(ctx.config, ctx.db, ctx.chains) });
const ceilingSends = () => ctx.db.treasuryTransfer.findMany({ where: { requestedBy: HOT_WALLET_REQUESTER }, orderBy: { createdAt: 'asc' } });
const usdPrice = async (tokenAddress: string | null) => new Decimal((await pricingFrom(ctx.config, ctx.db, ctx.chains).prices.usdPrice({ chainId: CHAIN, tokenAddress }))!.usd);
/** The bankroll's value in USD, priced as the check prices it. */
async function bankrollUsd(): Promise<Decimal> {
  const eth = new Decimal((await f.provider.getBalance(f.bankroll)).toString()).div(1e18).mul(await usdPrice(null));
  return eth.plus(new Decimal((await f.balanceOf(usdt(), f.bankroll)).toString()).div(1e6).mul(await usdPrice(usdt())));
}
// A hang guard: the relay's start, the send's pause before broadcast and its confirmations took over 60 s on a machine
// three times slower than the files' recorded durations.
const untilConfirmed = (transferId: string) =>
  mineUntil(() => f.mineBlocks(), async () => (await ctx.db.treasuryTransfer.findUniqueOrThrow({ where: { id: transferId } })).status === 'CONFIRMED', 180_000, `send ${transferId} confirmed`);
const ceiling = (maxUsd: string, cold?: string) => cli('chain', 'update', String(CHAIN), '--hot-max-usd', maxUsd, ...(cold ? ['--cold-address', cold] : []));

let cold: string;
beforeAll(async () => {
  cold = Wallet.createRandom().address;
  expect((await cli('treasury', 'cold', 'add', '--chain', String(CHAIN), '--address', cold, '--by', 'alice')).code).toBe(0);
});

describe('hot-wallet ceiling', () => {
  it('When the ceiling names an unregistered address or is half given, Then exit 2 and nothing changes; set and off show in treasury list', async () => {
    const stranger = Wallet.createRandom().address;
    expect((await ceiling('100', stranger)).code).toBe(2);
    expect((await ceiling('100')).code).toBe(2);
    expect((await ceiling('-5', cold)).code).toBe(2);
    expect((await ctx.db.chain.findUniqueOrThrow({ where: { chainId: CHAIN } })).hotMaxUsd).toBeNull();
    const set = await ceiling('1000000', cold);
    expect(set.code).toBe(0);
    expect(set.json.hotWallet).toEqual({ chainId: CHAIN, maxUsd: '1000000', coldAddress: cold });
    expect((await cli('treasury', 'list', '--chain', String(CHAIN))).json.hotWallets).toEqual([{ chainId: CHAIN, maxUsd: '1000000', coldAddress: cold }]);
    expect((await ceiling('off')).json.hotWallet).toBeNull();
    expect((await cli('treasury', 'list', '--chain', String(CHAIN))).json.hotWallets).toEqual([]);
  });

  it('When USDT has no fresh price, Then it is neither valued nor moved: above the ceiling, nothing is sent', async () => {
    const { chainNodeUrl: nodeUrl, registry } = testServices();
    await setPrice({ nodeUrl, registry, symbol: 'USDT', stale: true });
    try {
      // 0.1 ETH alone is above 100 USD, but the ETH is the gas allowance and the USDT cannot be priced.
      expect((await ceiling('100', cold)).code).toBe(0);
      expect(await activities().checkHotWalletCeiling(CHAIN)).toEqual([]);
      expect(await ceilingSends()).toEqual([]);
    } finally {
      expect((await ceiling('off')).code).toBe(0);
      await setPrice({ nodeUrl, registry, symbol: 'USDT', usd: '1' });
    }
  });

  it('When the ceiling is turned off or raised while a check is pricing, Then the check records nothing', async () => {
    // A check that read a 100 USD ceiling and priced; by the time it takes the chain's lock the ceiling is off, then
    // raised above the bankroll's value (never 100 here: the relay would act on it).
    const priced: PricedAsset = { asset: usdt(), symbol: 'USDT', decimals: 6, usd: new Decimal(1), keep: 0n, read: async () => f.balanceOf(usdt(), f.bankroll) };
    const checkAt100 = () => recordCeilingSends(ctx.db, { chainId: CHAIN, maxUsd: new Decimal(100), coldAddress: cold, requestedBy: HOT_WALLET_REQUESTER, assets: [priced] });
    expect((await ctx.db.chain.findUniqueOrThrow({ where: { chainId: CHAIN } })).hotMaxUsd).toBeNull();
    expect(await checkAt100()).toEqual({ outcome: 'POLICY_CHANGED' });
    await ctx.db.$transaction((tx) => setHotWallet(tx, CHAIN, { maxUsd: '1000000', coldAddress: cold }));
    try {
      expect(await checkAt100()).toEqual({ outcome: 'POLICY_CHANGED' });
    } finally {
      await ctx.db.$transaction((tx) => setHotWallet(tx, CHAIN, 'off'));
    }
    expect(await ceilingSends()).toEqual([]);
  });

  it('When two checks run at once above the ceiling, Then the excess over 80 % of it is recorded once, sent once, and reconcile is ok', async () => {
    const value = await bankrollUsd();
    const max = value.minus(100).toDecimalPlaces(0, Decimal.ROUND_DOWN);
    const expected = BigInt(value.minus(max.mul('0.8')).div(await usdPrice(usdt())).mul(1e6).toFixed(0, Decimal.ROUND_DOWN));
    // No worker: only these two checks decide, at the same time.
    await ctx.stopWorker();
    let recorded: string[];
    try {
      expect((await ceiling(max.toFixed(), cold)).code).toBe(0);
      const a = activities();
      const b = activities();
      recorded = (await Promise.all([a.checkHotWalletCeiling(CHAIN), b.checkHotWalletCeiling(CHAIN), a.checkHotWalletCeiling(CHAIN)])).flat();
      expect(recorded).toHaveLength(1);
    } finally {
      await ctx.startWorker();
    }
    const [send] = await ceilingSends();
    expect(send).toMatchObject({ id: recorded[0], asset: usdt(), toAddress: cold, status: expect.stringMatching(/REQUESTED|SIGNED|CONFIRMED/) });
    expect(BigInt(send!.amountRaw.toFixed(0))).toBe(expected);
    await untilConfirmed(send!.id);
    expect(await f.balanceOf(usdt(), cold)).toBe(expected);
    // Back at 80 % of the ceiling: another check (and the relay's) sends nothing more.
    expect(await activities().checkHotWalletCeiling(CHAIN)).toEqual([]);
    expect(await ceilingSends()).toHaveLength(1);
    await f.settleInFlight();
    const reconciled = await cli('reconcile', '--chain', String(CHAIN));
    expect(reconciled.json).toMatchObject({ ok: true, differences: [] });
  });

  it('When a send was recorded and its workflow start was lost, Then the treasury relay starts it and it is paid once', async () => {
    const transfer = await recordTreasurySend(ctx.db, ctx.chains, f.bankroll, { chainId: CHAIN, asset: 'USDT', amount: '5', to: cold, by: 'carol' });
    // Recorded longer ago than any start takes: the relay's to start.
    await ctx.db.$executeRaw`UPDATE "TreasuryTransfer" SET "createdAt" = now() - interval '2 minutes' WHERE id = ${transfer.id}::uuid`;
    await untilConfirmed(transfer.id);
    // The relay's start, under the send's own id: it ends as the send did.
    expect(await ctx.temporal.client.workflow.getHandle(`treasury-send-${transfer.id}`).result()).toEqual({ status: 'CONFIRMED' });
    expect(await ctx.db.outboundTx.count({ where: { purpose: `treasury:${transfer.id}` } })).toBe(1);
    await f.settleInFlight();
    expect((await cli('reconcile', '--chain', String(CHAIN))).json).toMatchObject({ ok: true, differences: [] });
  });
  it('When a payout holds a reservation as the ceiling is crossed, Then only the unreserved USDT is sent and the payout still pays', async () => {
    expect((await ceiling('off')).code).toBe(0);
    const payout = await f.intent(op.apiKey, { tokenAddress: usdt(), amount: '10.00' });
    expect((await f.execute(op.apiKey, payout.sessionRef)).status).toBe(202);
    const reserved = await eventually(async () => (await f.row(payout.id)).reservation, 30_000, 'payout reserved');
    const reservedRaw = BigInt(reserved.rawAmount.toFixed(0));
    const balance = await f.balanceOf(usdt(), f.bankroll);
    // Far above a 100 USD ceiling: everything movable goes, which is all the USDT but the payout's. Set in-process, at
    // once: the payout must still be paused before its broadcast when the check reads the balance.
    await ctx.db.$transaction((tx) => setHotWallet(tx, CHAIN, { maxUsd: '100', coldAddress: cold }));
    await activities().checkHotWalletCeiling(CHAIN);
    const sends = await ceilingSends();
    expect(sends).toHaveLength(2);
    expect((await f.row(payout.id)).reservation).toMatchObject({ status: 'ACTIVE' });
    expect(BigInt(sends[1]!.amountRaw.toFixed(0))).toBe(balance - reservedRaw);
    await f.waitStatus(payout.id, 'COMPLETED', { mine: true });
    await untilConfirmed(sends[1]!.id);
    expect(await f.balanceOf(usdt(), f.bankroll)).toBe(0n);
    expect((await ceiling('off')).code).toBe(0);
    await f.settleInFlight();
    expect((await cli('reconcile', '--chain', String(CHAIN))).json).toMatchObject({ ok: true, differences: [] });
  });
});
