import Decimal from 'decimal.js';
import { drainGas, restoreGas } from '../../dev/devchain/dev-commands';
import { ownerSections, type Candidate } from '../../src/activities/headless-execute-section';
import { headlessSuite } from '../support/headless-fixtures';
import { delay, eventually, mineUntil } from '../support/wait';

const { ctx, f, op } = headlessSuite({ GAS_RECHECK_SECONDS: '1' });

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const gas = { drain: () => drainGas({ nodeUrl: f.nodeUrl, address: f.bankroll }), restore: () => restoreGas({ nodeUrl: f.nodeUrl, address: f.bankroll }) };
const tally = (codes: Array<string | number>) => codes.reduce<Record<string, number>>((t, c) => ({ ...t, [c]: (t[c] ?? 0) + 1 }), {});

async function activeReserved(tokenAddress: string): Promise<bigint> {
  const [row] = await ctx.db.$queryRaw<Array<{ s: string | null }>>`
    SELECT SUM("rawAmount")::text AS s FROM "Reservation" WHERE "tokenAddress" = ${tokenAddress} AND status = 'ACTIVE'`;
  return BigInt(row?.s ?? '0');
}

describe('concurrent executes', () => {
  it('When 50 executes of different intents race for liquidity for 20, Then exactly 20 are queued and 30 INSUFFICIENT_LIQUIDITY, reservations never exceed the balance, and the 20 pay out to the last unit', async () => {
    const liq = await f.deployToken('LIQ', 6, 200_000_000n); // exactly 20 payouts of 10 units
    // Ten owners, so their cap locks do not serialise the race: only the token's liquidity lock can.
    const owners = await Promise.all(range(10).map(() => f.operator()));
    const intents = await Promise.all(range(50).map(async (i) => ({ ...(await f.intent(owners[i % 10]!.apiKey, { tokenAddress: liq, amount: '10.00' })), key: owners[i % 10]!.apiKey })));
    // No gas: nothing settles during the race, so the balance stays 200 and the bound is exact.
    await gas.drain();
    let accepted: typeof intents = [];
    try {
      let racing = true;
      let peak = 0n;
      const sampler = (async () => {
        while (racing) {
          const [reserved, balance] = [await activeReserved(liq), await f.balanceOf(liq, f.bankroll)];
          if (reserved > balance) throw new Error(`over-reserved: ${reserved} > ${balance}`);
          if (reserved > peak) peak = reserved;
          await delay(5);
        }
      })();
      const results = await Promise.all(intents.map((i) => f.execute(i.key, i.sessionRef)));
      racing = false;
      await sampler;

      expect(tally(results.map((r) => (r.status === 202 ? 202 : r.body.errorCode)))).toEqual({ 202: 20, INSUFFICIENT_LIQUIDITY: 30 });
      expect(peak).toBeLessThanOrEqual(200_000_000n);
      expect(await activeReserved(liq)).toBe(200_000_000n);
      accepted = intents.filter((_, i) => results[i]!.status === 202);
      for (const [i, w] of intents.entries()) {
        const row = await f.row(w.id);
        if (results[i]!.status === 202) expect(row.reservation!.rawAmount.toFixed(0)).toBe('10000000');
        else expect(row).toMatchObject({ status: 'CREATED', reservation: null, cryptoAmountRaw: null });
      }
    } finally {
      await gas.restore();
    }
    await mineUntil(() => f.mineBlocks(), async () => (await ctx.db.withdrawal.count({ where: { id: { in: accepted.map((w) => w.id) }, status: 'COMPLETED' } })) === 20, 120_000, '20 payouts');
    expect(await f.balanceOf(liq, f.bankroll)).toBe(0n);
    for (const w of accepted) expect(await f.balanceOf(liq, w.body.address as string)).toBe(10_000_000n);
    expect(await activeReserved(liq)).toBe(0n);
  });

  it('When one intent is executed 20 times at once, Then one reservation, one accepted answer and 19 identical replays', async () => {
    const { sessionRef, id } = await f.intent(op.apiKey, { amount: '1.23' });
    const results = await Promise.all(range(20).map(() => f.execute(op.apiKey, sessionRef)));
    expect(results.map((r) => r.status)).toEqual(range(20).map(() => 202));
    expect(results.filter((r) => r.body.data.replayed === false)).toHaveLength(1);
    const first = results.find((r) => !r.body.data.replayed)!.body.data;
    for (const r of results) expect(r.body.data).toEqual({ ...first, replayed: r.body.data.replayed });
    expect(await ctx.db.reservation.count({ where: { withdrawalId: id } })).toBe(1);
    await f.waitStatus(id, 'COMPLETED', { mine: true });
    expect(await ctx.db.outboundTx.count({ where: { purpose: `payout:${id}` } })).toBe(1);
    expect(await f.balanceOf(f.token('USDT').address, (await f.row(id)).address)).toBe(1_230_000n);
  });

  it('When executes race a daily limit, Then the accepted total never passes it', async () => {
    const capped = await f.operator({ withdrawApprovalDailyMaxAmount: '100' });
    const intents = await Promise.all(range(10).map(() => f.intent(capped.apiKey, { amount: '15.00' })));
    const results = await Promise.all(intents.map((i) => f.execute(capped.apiKey, i.sessionRef)));
    expect(tally(results.map((r) => (r.status === 202 ? 202 : r.body.errorCode)))).toEqual({ 202: 6, DAILY_LIMIT_EXCEEDED: 4 });
    const counted = await ctx.db.withdrawal.findMany({ where: { operatorId: capped.id, capAmount: { not: null } } });
    const total = counted.reduce((s, w) => s.plus(w.capAmount!.toString()), new Decimal(0));
    expect(total.toFixed(2)).toBe('90.00');
    await Promise.all(intents.filter((_, i) => results[i]!.status === 202).map((w) => f.waitStatus(w.id, 'COMPLETED', { mine: true })));
    // Completed withdrawals keep counting in the rolling window.
    const more = await f.intent(capped.apiKey, { amount: '10.01' });
    expect((await f.execute(capped.apiKey, more.sessionRef)).body.errorCode).toBe('DAILY_LIMIT_EXCEEDED');
  });

  it('When executes of one owner wait on its section together, Then one transaction decides them in order, each counting those before it, and a repeat replays', async () => {
    const capped = await f.operator({ withdrawApprovalDailyMaxAmount: '45' });
    const intents = await Promise.all(range(4).map(() => f.intent(capped.apiKey, { amount: '15.00' })));
    const rows = await Promise.all(intents.map((i) => ctx.db.withdrawal.findUniqueOrThrow({ where: { id: i.id } })));
    const priced = { raw: 1n, cryptoAmountSent: '0.000001', amountInUsd: '15.00', usdExact: new Decimal(15), priceRate: new Decimal(1) };
    // No early balance the section's count vouches for: the section reads one for the whole group.
    const early = { consumed: -1n, balance: null, read: async () => 10n ** 30n };
    const section = ownerSections(ctx.db);
    const candidate = (w: (typeof rows)[number]): Candidate => ({ w, priced, early, now: new Date() });
    // The section is driven directly, without the intents' workflows: they end here, and what it queued is released
    // after the checks, so that nothing is left to pay.
    await Promise.all(intents.map((i) => ctx.temporal.client.workflow.getHandle(`headless-${i.sessionRef}`).terminate('driven without its workflow')));
    const ids = { in: rows.map((r) => r.id) };
    try {
      // The first runs at once; the rest, and the second's repeat, arrive while it runs and go together in the next run.
      const outcomes = await Promise.all([...rows.map(candidate), candidate(rows[1]!)].map(section));
      const answers = outcomes.map((o) => ('refusal' in o ? o.refusal.type : o.replay ? 'REPLAY' : 'QUEUED'));
      expect(answers).toEqual(['QUEUED', 'QUEUED', 'QUEUED', 'DAILY_LIMIT_EXCEEDED', 'REPLAY']);
      const [first, second, third] = outcomes.map((o) => ('row' in o ? o.row : null));
      // now() is the transaction's start: the two of the second run share it, the first run's is its own.
      expect(second!.updatedAt.getTime()).toBe(third!.updatedAt.getTime());
      expect(first!.updatedAt.getTime()).not.toBe(second!.updatedAt.getTime());
      expect(outcomes[4]).toMatchObject({ row: { id: rows[1]!.id } });
      expect(await ctx.db.reservation.count({ where: { withdrawalId: ids, status: 'ACTIVE' } })).toBe(3);
      expect((await f.row(rows[3]!.id)).status).toBe('CREATED');
    } finally {
      await ctx.db.reservation.updateMany({ where: { withdrawalId: ids }, data: { status: 'RELEASED', releasedAt: new Date() } });
      await ctx.db.withdrawal.updateMany({ where: { id: ids }, data: { status: 'CANCELLED' } });
    }
  });

  it.each([['with gas'], ['without gas']])('When cancel races execute (%s), Then every intent ends consistent: cancelled and released, or paid exactly once', async (mode) => {
    const intents = await Promise.all(range(8).map(() => f.intent(op.apiKey, { amount: '2.00' })));
    if (mode === 'without gas') await gas.drain();
    let outcomes: Array<{ execute: number | string; cancel: number | string }>;
    try {
      outcomes = await Promise.all(
        intents.map(async (w) => {
          const [e, c] = await Promise.all([f.execute(op.apiKey, w.sessionRef), f.cancel(op.apiKey, w.sessionRef)]);
          return { execute: e.status === 202 ? 202 : e.body.errorCode, cancel: c.status === 200 ? 200 : c.body.errorCode };
        }),
      );
    } finally {
      if (mode === 'without gas') await gas.restore();
    }
    for (const [i, w] of intents.entries()) {
      const o = outcomes[i]!;
      if (o.cancel === 200) {
        expect([202, 'HEADLESS_INTENT_NOT_EXECUTABLE']).toContain(o.execute);
        const row = await f.row(w.id);
        expect(row.status).toBe('CANCELLED');
        expect(row.reservation?.status ?? null).toBe(o.execute === 202 ? 'RELEASED' : null);
        const [e] = await f.waitEvents(w.id, 1, 'WITHDRAW_CANCELLED');
        expect(e!.cryptoAmountSent).toBe(o.execute === 202 ? '2.00000000' : 'null');
        expect(await ctx.db.outboundTx.count({ where: { purpose: `payout:${w.id}` } })).toBe(0);
      } else {
        expect(o).toEqual({ execute: 202, cancel: 'HEADLESS_CANCEL_NOT_ALLOWED' });
        const row = await f.waitStatus(w.id, 'COMPLETED', { mine: true });
        expect(row.reservation!.status).toBe('CONSUMED');
        expect(await f.balanceOf(f.token('USDT').address, row.address)).toBe(2_000_000n);
      }
    }
    await delay(1500);
    for (const w of intents) {
      const kinds = f.events(w.id).map((e) => e.event);
      expect(new Set(kinds).size).toBe(1); // one kind of terminal event: CANCELLED or COMPLETE, never both
    }
    if (mode === 'without gas') expect(outcomes.every((o) => o.cancel === 200)).toBe(true);
    await eventually(async () => (await ctx.db.reservation.count({ where: { withdrawalId: { in: intents.map((w) => w.id) }, status: 'ACTIVE' } })) === 0, 10_000, 'no held reservation');
  });
});
