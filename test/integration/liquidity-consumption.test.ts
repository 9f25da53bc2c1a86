import { randomUUID } from 'node:crypto';
import { Wallet } from 'ethers';
import { createPayoutActivities } from '../../src/activities/payouts';
import { pricingFrom } from '../../src/chain/prices';
import { createWithdrawalActivities } from '../../src/activities/withdrawals';
import { localSigners } from '../../src/chain/signer';
import { createOperator } from '../../src/provisioning/operators';
import { consumeReservation, readEarlyBalance, reserveLiquidity, type EarlyBalance, type ReserveOutcome } from '../../src/store/liquidity';
import { createTestContext, type TestContext } from '../support/harness';

/**
 * reserveLiquidity with a bankroll balance this file controls (a plain function, the chain untouched), against the
 * real tables, trigger and completing code paths: the balance read before the locks must never hide a payout that a
 * consumption took out of the active sum in between.
 */
let ctx: TestContext;
let operatorId: string;
let payouts: ReturnType<typeof createPayoutActivities>;
let widget: ReturnType<typeof createWithdrawalActivities>;
const CHAIN = 31337;

beforeAll(async () => {
  ctx = await createTestContext();
  operatorId = (await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Liquidity', webhookUrl: 'http://127.0.0.1:9/hook' })).id;
  const base = { config: ctx.config, db: ctx.db, chains: ctx.chains, logger: ctx.logger };
  // Starting workflows is not what these tests are about: the events and rows are written all the same.
  payouts = createPayoutActivities({ ...base, signers: localSigners(ctx.keys), workflows: { dispatchWebhook: async () => 'started' } });
  widget = createWithdrawalActivities({ ...base, ...pricingFrom(ctx.config, ctx.db, ctx.chains), workflows: { startWithdrawalWorkflow: async () => {} } });
});
afterAll(async () => {
  await ctx.close();
});

/** A token only one test reserves, checksummed as registered tokens are. */
const newToken = () => Wallet.createRandom().address;

/** The bankroll's balance as the chain would answer it; `reads` records every answer given. */
function bankroll(initial: bigint | null) {
  const b = { value: initial, reads: [] as Array<bigint | null>, read: async () => (b.reads.push(b.value), b.value) };
  return b;
}

/** A priced Mode B withdrawal of the token, in `status`, without a reservation yet. */
async function withdrawal(tokenAddress: string, status: 'AWAITING_APPROVAL' | 'COMPLETED' = 'COMPLETED'): Promise<string> {
  const id = randomUUID();
  await ctx.db.withdrawal.create({
    data: {
      id, operatorId, mode: 'B', status, sessionRef: `liq-${id}`, externalUserId: 'liq-user', address: Wallet.createRandom().address,
      chainId: CHAIN, tokenAddress, symbol: 'LIQ', decimals: 6, fiatAmount: '1.00', fiatCurrency: 'USD', cryptoAmountSent: '1', amountInUsd: '1',
    },
  });
  return id;
}

const reserve = (id: string, tokenAddress: string, raw: bigint, early: EarlyBalance): Promise<ReserveOutcome> =>
  ctx.db.$transaction((tx) => reserveLiquidity(tx, { withdrawalId: id, chainId: CHAIN, tokenAddress, raw }, early));

/** A withdrawal of the token holding an active reservation of `raw` (the bankroll had room for it). */
async function reserved(tokenAddress: string, raw: bigint, status?: 'AWAITING_APPROVAL' | 'COMPLETED'): Promise<string> {
  const id = await withdrawal(tokenAddress, status);
  expect(await reserve(id, tokenAddress, raw, await readEarlyBalance(ctx.db, CHAIN, tokenAddress, async () => raw * 1000n))).toBe('RESERVED');
  return id;
}

const consumedCount = async (tokenAddress: string) => (await readEarlyBalance(ctx.db, CHAIN, tokenAddress, async () => null)).consumed;

describe('the bankroll balance read before the locks', () => {
  it('When a reservation of the token is consumed after the early read, Then the balance is read again under the lock and decides', async () => {
    const token = newToken();
    const paid = await reserved(token, 60n);
    const chain = bankroll(100n);
    // The early read of an execute or approval, with the address spelled otherwise: the count is keyed as the lock is.
    const early = await readEarlyBalance(ctx.db, CHAIN, token.toLowerCase(), chain.read);
    expect(early.balance).toBe(100n);

    // Its payout is mined (the bankroll drops to 40), then completed: the reservation is CONSUMED, the sum drops to 0.
    chain.value = 40n;
    await payouts.completePayout(paid);
    expect((await ctx.db.reservation.findUniqueOrThrow({ where: { withdrawalId: paid } })).status).toBe('CONSUMED');

    // With the early 100 and a sum of 0, 50 would fit and over-reserve a bankroll of 40.
    const next = await withdrawal(token);
    expect(await reserve(next, token, 50n, early)).toBe('INSUFFICIENT_LIQUIDITY');
    expect(chain.reads).toEqual([100n, 40n]);
    expect(await reserve(next, token, 40n, early)).toBe('RESERVED');
    expect(chain.reads).toEqual([100n, 40n, 40n]);
  });

  it('When a payout is mined and consumed just after the chain answered the early read, Then the count taken before that read sees it', async () => {
    const token = newToken();
    const paid = await reserved(token, 60n);
    const chain = bankroll(100n);
    // The node answers 100; right after, the payout is mined (40 left) and completed, before the early read returns.
    const racing = async () => {
      const answer = await chain.read();
      chain.value = 40n;
      await payouts.completePayout(paid);
      return answer;
    };
    const early = await readEarlyBalance(ctx.db, CHAIN, token, racing);
    expect(early.balance).toBe(100n);
    expect(await reserve(await withdrawal(token), token, 50n, { ...early, read: chain.read })).toBe('INSUFFICIENT_LIQUIDITY');
    expect(chain.reads).toEqual([100n, 40n]);
  });

  it('When nothing of the token was consumed since the early read, Then that balance is used and no balance is read under the lock', async () => {
    const token = newToken();
    await reserved(token, 30n);
    const chain = bankroll(100n);
    const early = await readEarlyBalance(ctx.db, CHAIN, token, chain.read);
    expect(await reserve(await withdrawal(token), token, 71n, early)).toBe('INSUFFICIENT_LIQUIDITY');
    expect(await reserve(await withdrawal(token), token, 70n, early)).toBe('RESERVED');
    expect(chain.reads).toEqual([100n]);
  });

  it('When the early balance is unknown, Then it is read under the lock, and unknown there too is BALANCE_UNAVAILABLE with nothing reserved', async () => {
    const token = newToken();
    const chain = bankroll(null);
    const early = await readEarlyBalance(ctx.db, CHAIN, token, chain.read);
    const id = await withdrawal(token);
    expect(await reserve(id, token, 1n, early)).toBe('BALANCE_UNAVAILABLE');
    expect(await ctx.db.reservation.count({ where: { withdrawalId: id } })).toBe(0);
    chain.value = 5n;
    expect(await reserve(id, token, 5n, early)).toBe('RESERVED');
    expect(chain.reads).toEqual([null, null, 5n]);
  });
});

describe('the consumption count', () => {
  it('When reservations are released (expiry, unpaid payout), Then the count stays; when one is consumed, Then it moves once, for its token only', async () => {
    const token = newToken();
    const other = newToken();
    expect(await consumedCount(token)).toBe(0n);

    await widget.expireWithdrawal(await reserved(token, 10n, 'AWAITING_APPROVAL'));
    await widget.failUnpaidPayout(await reserved(token, 10n), 'PAYOUT_REVERTED');
    expect(await ctx.db.reservation.count({ where: { tokenAddress: token, status: 'RELEASED' } })).toBe(2);
    expect(await consumedCount(token)).toBe(0n);

    const paid = await reserved(token, 10n);
    await payouts.completePayout(paid);
    expect(await consumedCount(token)).toBe(1n);
    // A retried completion, or consuming again, moves no reservation, so no count.
    await payouts.completePayout(paid);
    await ctx.db.$transaction((tx) => consumeReservation(tx, paid, new Date()));
    expect(await consumedCount(token)).toBe(1n);

    // Nor does consuming a released reservation: it stays released.
    const released = await reserved(token, 10n);
    await widget.failUnpaidPayout(released, 'PAYOUT_NOT_MINED');
    await ctx.db.$transaction((tx) => consumeReservation(tx, released, new Date()));
    expect((await ctx.db.reservation.findUniqueOrThrow({ where: { withdrawalId: released } })).status).toBe('RELEASED');
    expect(await consumedCount(token)).toBe(1n);

    await payouts.completePayout(await reserved(other, 10n));
    expect([await consumedCount(token), await consumedCount(other)]).toEqual([1n, 1n]);
    await payouts.completePayout(await reserved(token, 10n));
    expect(await consumedCount(token)).toBe(2n);
  });
});
