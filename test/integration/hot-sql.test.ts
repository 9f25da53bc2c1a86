/**
 * The hot-path statements that bypass Prisma's engine (src/store/sql.ts): a read returns exactly what Prisma's own read
 * returns for the same row (Decimal columns as Prisma.Decimal, timestamps as Date, arrays as arrays), and an insert
 * stores exactly what was asked. A model change that the raw statements do not follow fails here.
 */
import { randomUUID } from 'node:crypto';
import { apiKeyId } from '../../src/domain/credentials';
import { Prisma } from '../../src/generated/prisma/client';
import { createOperator } from '../../src/provisioning/operators';
import { operatorKeys } from '../../src/store/operator-keys';
import { insertSession, insertSessionInTx, type NewSession } from '../../src/store/sessions';
import { claimSettlement, recordSettled } from '../../src/store/settlement';
import { requireWithdrawalWithReservation, withdrawalWithReservation } from '../../src/store/withdrawal-reads';
import { numberNextAttempt, recordAttempt } from '../../src/store/deliveries';
import { recordWebhookEvent } from '../../src/store/outbox';
import { reservationInsert } from '../../src/store/liquidity';
import { ownerCapsReads } from '../../src/store/cap-usage';
import { ownerSection } from '../../src/store/owner-section';
import { tronNextSequence } from '../../src/store/outbound-txs';
import { claimCommand, recordDecision } from '../../src/store/withdrawal-commands';
import { requirePayoutReadiness } from '../../src/store/headless-assets';
import { moveHeadlessStatus } from '../../src/store/headless-moves';
import { gasCeiling } from '../../src/store/gas-ceiling';
import { HEADLESS_MOVE_NAMES, HEADLESS_MOVES, HEADLESS_STATUSES, headlessSourceFilter } from '../../src/domain/headless-machine';
import { advisoryLock, lockedSection, sqlBatch, sqlTransaction, type RawTx } from '../../src/store/sql';
import { createTestContext, type TestContext } from '../support/harness';
import { delay } from '../support/wait';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ worker: false });
});
afterAll(() => ctx.close());

describe('hot-path SQL off Prisma', () => {
  it('When an operator with every kind of column set is read by its key id, Then the row equals Prisma findUnique, field for field', async () => {
    const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, {
      name: 'Rows',
      webhookUrl: 'https://example.test/hook',
      withdrawApprovalMaxAmount: '1000.50',
      withdrawApprovalDailyMaxAmount: '5000',
      minAmount: '0.01',
      maxSessionAmount: '250.25',
      frameOrigins: ['https://a.example', 'https://b.example'],
    });
    const keyId = apiKeyId(op.apiKey)!;
    const raw = await operatorKeys(ctx.db)(keyId);
    expect(raw).toEqual(await ctx.db.operator.findUnique({ where: { apiKeyId: keyId } }));
    expect(raw!.minAmount!.toFixed(2)).toBe('0.01');
    expect(await operatorKeys(ctx.db)('0000000000000000')).toBeNull();
  });

  it("When one key's requests arrive together, Then they share one read of its operator; a request after it reads again and sees the operator disabled", async () => {
    const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Burst', webhookUrl: 'https://example.test/hook' });
    const keyId = apiKeyId(op.apiKey)!;
    const byKey = operatorKeys(ctx.db);
    const reads = jest.spyOn(ctx.db.sql, 'query');
    const keyReads = () => reads.mock.calls.filter(([q]) => (q as { name?: string }).name === 'operator-by-key-id').length;
    try {
      const rows = await Promise.all(Array.from({ length: 10 }, () => byKey(keyId)));
      expect(rows.map((r) => r?.id)).toEqual(Array(10).fill(op.id));
      expect(keyReads()).toBe(1);
      await ctx.db.operator.update({ where: { id: op.id }, data: { status: 'INACTIVE' } });
      expect((await byKey(keyId))?.status).toBe('INACTIVE');
      expect(keyReads()).toBe(2);
    } finally {
      reads.mockRestore();
    }
  });

  it('When a session is inserted on the pool or inside a transaction, Then Prisma reads back exactly the fields asked for, and the answer names that row', async () => {
    const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Sessions' });
    const s: NewSession = {
      sessionRef: 'ref-hot-sql',
      operatorId: op.id,
      type: 'DEPOSIT',
      externalUserId: 'user-1',
      lang: 'en',
      platformFiatCurrency: 'EUR',
      userBalance: '12.34567891',
      amount: '99.99',
      email: null,
      operatorReference: 'order-1',
      redirectUrl: 'https://example.test/back',
      expiresAt: new Date('2030-01-02T03:04:05.678Z'),
    };
    const pooled = await insertSession(ctx.db, s);
    const inTx = await ctx.db.$transaction((tx) => insertSessionInTx(tx, { ...s, sessionRef: 'ref-hot-sql-2' }));
    for (const created of [pooled, inTx]) {
      const row = await ctx.db.session.findUniqueOrThrow({ where: { id: created.id } });
      expect({ id: row.id, sessionRef: row.sessionRef, type: row.type, expiresAt: row.expiresAt }).toEqual(created);
      expect(row).toEqual(
        expect.objectContaining({ ...s, sessionRef: created.sessionRef, status: 'OPEN', userBalance: new Prisma.Decimal(s.userBalance), amount: new Prisma.Decimal(s.amount) }),
      );
    }
  });

  it('When a pg transaction body throws, Then nothing it wrote is kept; when it returns, everything is, and its raw reads see its own writes', async () => {
    const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Tx' });
    const rename = (tx: RawTx, name: string) => tx.$executeRaw`UPDATE "Operator" SET name = ${name} WHERE id = ${op.id}::uuid`;
    const failed = await sqlTransaction(ctx.db, async (tx) => {
      await rename(tx, 'Renamed');
      throw new Error('refused after the write');
    }).catch((err: Error) => err.message);
    expect(failed).toBe('refused after the write');
    expect((await ctx.db.operator.findUniqueOrThrow({ where: { id: op.id } })).name).toBe('Tx');

    const seen = await sqlTransaction(ctx.db, async (tx) => {
      await rename(tx, 'Kept');
      const [row] = await tx.$queryRaw<Array<{ name: string; minAmount: unknown }>>`SELECT name, "minAmount" FROM "Operator" WHERE id = ${op.id}::uuid`;
      return row!.name;
    });
    expect(seen).toBe('Kept');
    expect((await ctx.db.operator.findUniqueOrThrow({ where: { id: op.id } })).name).toBe('Kept');
  });

  it('When a raw statement runs in a pg transaction and in a Prisma one, Then both return the same row shapes (numeric as Prisma.Decimal)', async () => {
    const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Shapes', minAmount: '5.25', frameOrigins: ['https://x.example'] });
    const read = (tx: RawTx) => tx.$queryRaw<unknown[]>`SELECT "minAmount", "createdAt", "frameOrigins", status::text AS status FROM "Operator" WHERE id = ${op.id}::uuid`;
    const [viaPg] = await sqlTransaction(ctx.db, read);
    const [viaPrisma] = await ctx.db.$transaction((tx) => read(tx));
    expect(viaPg).toEqual(viaPrisma);
    expect(viaPg).toEqual(expect.objectContaining({ minAmount: new Prisma.Decimal('5.25') }));
  });

  it('When two locked sections take the same advisory lock (a key with a quote in it), Then the second body starts only after the first commits', async () => {
    const key = `nonce:o'clock:${Date.now()}`;
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const firstIn = new Promise<void>((r) => (entered = r));
    const section = (lock: string, body: () => Promise<void>) => lockedSection(ctx.db, [advisoryLock(lock)], async () => (await body(), Prisma.sql`SELECT 1`));
    const first = section(key, async () => {
      order.push('first in');
      entered();
      await held;
      order.push('first out');
    });
    await firstIn;
    const second = section(key, async () => void order.push('second in'));
    const other = section(`${key}:other`, async () => void order.push('other key in'));
    await other;
    await new Promise((r) => setTimeout(r, 200));
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first in', 'other key in', 'first out', 'second in']);
  });

  it('When a locked section reads after its lock and writes values with quotes, backslashes and dollar signs, Then they are stored exactly and the writes commit', async () => {
    const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Literal' });
    const name = `it's a \\ back\\slash, $1 and 'quotes' ${Date.now()}`;
    const rows = await lockedSection<{ name: string }>(
      ctx.db,
      [advisoryLock(`literal:${op.id}`), Prisma.sql`SELECT name, ${7} AS n, ${123456789012345678901234567890n}::numeric AS big, ${new Date('2026-01-02T03:04:05.678Z')}::timestamptz AS at FROM "Operator" WHERE id = ${op.id}::uuid`],
      async ([, read]) => {
        expect(read).toHaveLength(1);
        expect(read![0]).toEqual({ name: 'Literal', n: 7, big: new Prisma.Decimal('123456789012345678901234567890'), at: new Date('2026-01-02T03:04:05.678Z') });
        return Prisma.sql`UPDATE "Operator" SET name = ${name} WHERE id = ${op.id}::uuid RETURNING name`;
      },
    );
    expect(rows).toEqual([{ name }]);
    expect((await ctx.db.operator.findUniqueOrThrow({ where: { id: op.id } })).name).toBe(name);
    await expect(lockedSection(ctx.db, [advisoryLock(`literal:${op.id}`)], async () => {
      throw new Error('refused in the section');
    })).rejects.toThrow('refused in the section');
  });

  it('When a withdrawal with every kind of column set is read with its reservation, Then it equals Prisma findUnique field for field, with the reservation status beside it', async () => {
    const w = await ctx.db.withdrawal.create({ data: withdrawalRow() });
    const prisma = await ctx.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } });
    expect(await withdrawalWithReservation(ctx.db, w.id)).toEqual({ ...prisma, reservationStatus: null });
    await ctx.db.reservation.create({ data: { withdrawalId: w.id, chainId: w.chainId, tokenAddress: w.tokenAddress, rawAmount: 25_000_000, status: 'CONSUMED' } });
    expect(await requireWithdrawalWithReservation(ctx.db, w.id)).toEqual({ ...prisma, reservationStatus: 'CONSUMED' });
    expect(await withdrawalWithReservation(ctx.db, randomUUID())).toBeNull();
    await expect(requireWithdrawalWithReservation(ctx.db, randomUUID())).rejects.toThrow(/not found/);
  });

  it("When a headless payout's readiness is read, Then the withdrawal equals Prisma findUnique field for field, beside its chain's and token's flags and the chain's gas ceiling", async () => {
    const w = await ctx.db.withdrawal.create({ data: withdrawalRow() });
    const prisma = await ctx.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } });
    const chain = await ctx.db.chain.findUniqueOrThrow({ where: { chainId: w.chainId } });
    const token = await ctx.db.token.findUnique({ where: { chainId_address: { chainId: w.chainId, address: w.tokenAddress } } });
    expect(await requirePayoutReadiness(ctx.db, w.id)).toEqual({
      ...prisma, chainActive: chain.active, chainType: chain.type, tokenActive: token?.active ?? null, maxGasPerTransfer: chain.maxGasPerTransfer,
    });
    const elsewhere = await ctx.db.withdrawal.create({ data: { ...withdrawalRow(), chainId: 999_999 } });
    expect(await requirePayoutReadiness(ctx.db, elsewhere.id)).toMatchObject({ id: elsewhere.id, chainActive: null, chainType: null, tokenActive: null, maxGasPerTransfer: null });
    await expect(requirePayoutReadiness(ctx.db, randomUUID())).rejects.toThrow(/not found/);
  });

  it('When status-only headless moves run as SQL, asked at once and twice each, Then for every move they move exactly the rows Prisma finds with the move table\'s filter, each once, and stamp updatedAt', async () => {
    for (const name of HEADLESS_MOVE_NAMES) {
      const variants = HEADLESS_STATUSES.flatMap((status) =>
        ['0xabc', null].flatMap((settlementTxHash) => (status === 'FAILED' ? [true, false, null] : [null]).map((retryable) => ({ status, settlementTxHash, retryable }))),
      );
      const rows = await Promise.all(variants.map((v) => ctx.db.withdrawal.create({ data: { ...withdrawalRow(), mode: 'C' as const, ...v } })));
      const ids = rows.map((r) => r.id);
      const expected = (await ctx.db.withdrawal.findMany({ where: { id: { in: ids }, ...headlessSourceFilter(name) }, select: { id: true } })).map((r) => r.id).sort();
      // Asked at once, as a burst of executes asks: the first runs alone, the rest together; each id asked twice moves once.
      const answers = await Promise.all([...ids, ...ids].map((id) => moveHeadlessStatus(ctx.db, name, id)));
      const moved = ids.filter((_, i) => answers[i]);
      expect({ name, moved: moved.sort() }).toEqual({ name, moved: expected });
      expect(answers.filter(Boolean)).toHaveLength(expected.length);
      expect(expected.length).toBeGreaterThan(0);
      const after = await ctx.db.withdrawal.findMany({ where: { id: { in: ids } } });
      for (const w of after) {
        const before = rows.find((r) => r.id === w.id)!;
        if (moved.includes(w.id)) {
          expect(w.status).toBe(HEADLESS_MOVES[name].to);
          expect(w.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
        } else expect(w).toEqual(before);
      }
    }
  });

  it("When an operator's decision is recorded, Then its row holds what Prisma's create stored: the decision, its operator and note, no admin, not consumed", async () => {
    const w = await ctx.db.withdrawal.create({ data: withdrawalRow() });
    const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Decisions' });
    const before = new Date();
    const withNote = await recordDecision(ctx.db, { withdrawalId: w.id, operatorId: op.id, decision: 'REJECT', reason: "it's $1 \\ 'x'" });
    const without = await recordDecision(ctx.db, { withdrawalId: w.id, operatorId: op.id, decision: 'APPROVE' });
    const rows = await ctx.db.withdrawalCommand.findMany({ where: { withdrawalId: w.id }, orderBy: { action: 'asc' } });
    const common = { withdrawalId: w.id, kind: 'DECISION', operatorId: op.id, adminId: null, adminEmail: null, consumedAt: null, createdAt: expect.any(Date) };
    expect(rows).toEqual([
      { ...common, id: without, action: 'APPROVE', note: null },
      { ...common, id: withNote, action: 'REJECT', note: "it's $1 \\ 'x'" },
    ]);
    for (const r of rows) expect(r.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    await expect(recordDecision(ctx.db, { withdrawalId: randomUUID(), operatorId: op.id, decision: 'APPROVE' })).rejects.toThrow(/foreign key/);
  });

  it("When a chain's gas ceiling is read by payouts at once, Then they share one statement answering maxGasPerTransfer as a bigint; a read after an update sees it; an unknown chain is an error", async () => {
    const chain = await ctx.db.chain.findFirstOrThrow();
    const reads = jest.spyOn(ctx.db.sql, 'query');
    const ceilingReads = () => reads.mock.calls.filter(([q]) => (q as { name?: string }).name === 'chain-gas-ceiling').length;
    try {
      expect(await Promise.all(Array.from({ length: 10 }, () => gasCeiling(ctx.db, chain.chainId)))).toEqual(Array(10).fill(BigInt(chain.maxGasPerTransfer)));
      expect(ceilingReads()).toBe(1);
      await ctx.db.chain.update({ where: { chainId: chain.chainId }, data: { maxGasPerTransfer: chain.maxGasPerTransfer + 1 } });
      expect(await gasCeiling(ctx.db, chain.chainId)).toBe(BigInt(chain.maxGasPerTransfer + 1));
      expect(ceilingReads()).toBe(2);
    } finally {
      reads.mockRestore();
      await ctx.db.chain.update({ where: { chainId: chain.chainId }, data: { maxGasPerTransfer: chain.maxGasPerTransfer } });
    }
    await expect(gasCeiling(ctx.db, 987_654_321)).rejects.toThrow(/not registered/);
  });

  it('When a recorded command is claimed, Then it answers its author and note each time, is marked consumed the first time only, and a claim naming anything else finds nothing', async () => {
    const w = await ctx.db.withdrawal.create({ data: withdrawalRow() });
    const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Claims' });
    const commandId = await recordDecision(ctx.db, { withdrawalId: w.id, operatorId: op.id, decision: 'REJECT', reason: "user's 'ask' \\ $1" });
    const ref = { commandId, withdrawalId: w.id, kind: 'DECISION' as const, action: 'REJECT' };
    expect((await ctx.db.withdrawalCommand.findUniqueOrThrow({ where: { id: commandId } })).consumedAt).toBeNull();
    expect(await claimCommand(ctx.db, ref)).toEqual({ adminEmail: null, note: "user's 'ask' \\ $1" });
    const first = (await ctx.db.withdrawalCommand.findUniqueOrThrow({ where: { id: commandId } })).consumedAt;
    expect(first).toBeInstanceOf(Date);
    await delay(20);
    expect(await claimCommand(ctx.db, ref)).toEqual({ adminEmail: null, note: "user's 'ask' \\ $1" });
    expect((await ctx.db.withdrawalCommand.findUniqueOrThrow({ where: { id: commandId } })).consumedAt).toEqual(first);
    for (const other of [{ action: 'APPROVE' }, { kind: 'ADMIN_MOVE' as const }, { withdrawalId: randomUUID() }, { commandId: randomUUID() }, { commandId: 'not-a-uuid' }]) {
      expect(await claimCommand(ctx.db, { ...ref, ...other })).toBeNull();
    }
  });

  it('When a settlement is recorded, Then the withdrawal is COMPLETED with its hash and note and its open session COMPLETED; a second record changes nothing', async () => {
    const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Settle' });
    const session = await insertSession(ctx.db, {
      sessionRef: `sr_${randomUUID()}`, operatorId: op.id, type: 'WITHDRAW', externalUserId: 'user-1', lang: 'en', platformFiatCurrency: 'EUR',
      userBalance: '100', amount: '25', email: null, operatorReference: null, redirectUrl: null, expiresAt: new Date(Date.now() + 3_600_000),
    });
    const w = await ctx.db.withdrawal.create({ data: { ...withdrawalRow(), operatorId: op.id, sessionId: session.id, status: 'AWAITING_APPROVAL', held: true, heldReason: 'CAP_EXCEEDED' } });
    await recordSettled(ctx.db, w.id, '0xsettled', { adminNote: 'paid by hand', adminNoteBy: 'admin@example.test' });
    const done = await ctx.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } });
    expect(done).toMatchObject({ status: 'COMPLETED', settlementTxHash: '0xsettled', held: false, heldReason: null, adminNote: 'paid by hand', adminNoteBy: 'admin@example.test' });
    expect(done.completedAt).toBeInstanceOf(Date);
    expect(done.adminNoteAt).toBeInstanceOf(Date);
    expect((await ctx.db.session.findUniqueOrThrow({ where: { id: session.id } })).status).toBe('COMPLETED');

    await recordSettled(ctx.db, w.id, null);
    expect(await ctx.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } })).toEqual(done);
  });

  it("When a settlement is claimed, Then an open session is COMPLETED and the payout may go; a cancelled one's withdrawal is refused and its reservation released; a repeat or a withdrawal without a session may go", async () => {
    const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Claim settle' });
    const withSession = async (status: 'OPEN' | 'CANCELLED') => {
      const session = await insertSession(ctx.db, {
        sessionRef: `sr_${randomUUID()}`, operatorId: op.id, type: 'WITHDRAW', externalUserId: 'user-1', lang: 'en', platformFiatCurrency: 'EUR',
        userBalance: '100', amount: '25', email: null, operatorReference: null, redirectUrl: null, expiresAt: new Date(Date.now() + 3_600_000),
      });
      if (status === 'CANCELLED') await ctx.db.session.update({ where: { id: session.id }, data: { status } });
      const w = await ctx.db.withdrawal.create({ data: { ...withdrawalRow(), operatorId: op.id, sessionId: session.id, status: 'AWAITING_APPROVAL', settlementTxHash: null } });
      await ctx.db.reservation.create({ data: { withdrawalId: w.id, chainId: w.chainId, tokenAddress: w.tokenAddress, rawAmount: 25_000_000, status: 'ACTIVE' } });
      return { w, session };
    };
    const open = await withSession('OPEN');
    expect(await claimSettlement(ctx.db, open.w.id)).toBe(true);
    expect((await ctx.db.session.findUniqueOrThrow({ where: { id: open.session.id } })).status).toBe('COMPLETED');
    expect((await ctx.db.reservation.findUniqueOrThrow({ where: { withdrawalId: open.w.id } })).status).toBe('ACTIVE');
    // Its earlier attempt completed the session: a retry may go too.
    expect(await claimSettlement(ctx.db, open.w.id)).toBe(true);

    const cancelled = await withSession('CANCELLED');
    expect(await claimSettlement(ctx.db, cancelled.w.id)).toBe(false);
    expect(await ctx.db.reservation.findUniqueOrThrow({ where: { withdrawalId: cancelled.w.id } })).toMatchObject({ status: 'RELEASED', releasedAt: expect.any(Date) });
    expect((await ctx.db.session.findUniqueOrThrow({ where: { id: cancelled.session.id } })).status).toBe('CANCELLED');

    expect(await claimSettlement(ctx.db, randomUUID())).toBe(true);
  });

  it('When a webhook attempt is numbered and recorded, Then the numbers count up, the attempt row holds what was sent back, and a delivered event is numbered no more', async () => {
    const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Hooks', webhookUrl: 'https://example.test/hook' });
    const recorded = await ctx.db.$transaction((tx) => recordWebhookEvent(tx, ctx.config.SECRETS_KEY, { operatorId: op.id, event: 'WITHDRAW_COMPLETE', body: 'a=1' }));
    expect(recorded.operatorId).toBe(op.id);
    const eventId = recorded.id;
    const first = await numberNextAttempt(ctx.db, eventId);
    expect(first).toEqual({ body: 'a=1', signature: expect.stringMatching(/^t=\d+,v1=/), attempt: 1, webhookUrl: 'https://example.test/hook' });
    const at = new Date('2026-01-02T03:04:05.678Z');
    await recordAttempt(ctx.db, eventId, { attempt: 1, at, httpStatus: 500, error: 'HTTP 500', latencyMs: 12, responseExcerpt: 'oops', delivered: false });
    expect((await ctx.db.webhookEvent.findUniqueOrThrow({ where: { id: eventId } })).status).toBe('RETRYING');
    expect((await numberNextAttempt(ctx.db, eventId))?.attempt).toBe(2);
    await recordAttempt(ctx.db, eventId, { attempt: 2, at, httpStatus: 200, error: null, latencyMs: 3, responseExcerpt: 'OK', delivered: true });
    const event = await ctx.db.webhookEvent.findUniqueOrThrow({ where: { id: eventId }, include: { attempts: { orderBy: { attempt: 'asc' } } } });
    expect(event).toMatchObject({ status: 'DELIVERED', attemptCount: 2, deliveredAt: expect.any(Date) });
    expect(event.attempts.map(({ attempt, at: when, httpStatus, error, latencyMs, responseExcerpt }) => ({ attempt, when, httpStatus, error, latencyMs, responseExcerpt }))).toEqual([
      { attempt: 1, when: at, httpStatus: 500, error: 'HTTP 500', latencyMs: 12, responseExcerpt: 'oops' },
      { attempt: 2, when: at, httpStatus: 200, error: null, latencyMs: 3, responseExcerpt: 'OK' },
    ]);
    expect(await numberNextAttempt(ctx.db, eventId)).toBeNull();
  });
});

describe('the owner section and batches', () => {
  it('When two owner sections pay one token at once (two operators), Then the second starts after the first commits and counts the reservation it made', async () => {
    const owners = [await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Owner one' }), await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Owner two' })];
    const token = `0x${randomUUID().replace(/-/g, '')}00000000`;
    const [a, b] = owners.map((op) => ({ ...withdrawalRow(), operatorId: op.id, tokenAddress: token, settlementTxHash: null }));
    await ctx.db.withdrawal.createMany({ data: [a!, b!] });
    const scope = (w: { id: string; operatorId: string }) => ({ ownerId: w.operatorId, now: new Date(), withdrawalIds: [w.id], chainId: 31337, tokenAddress: token });
    const seen: bigint[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const firstIn = new Promise<void>((r) => (entered = r));
    const first = ownerSection(ctx.db, scope(a!), null, async ({ liquidity }) => {
      seen.push(liquidity.reserved);
      entered();
      await held;
      return Prisma.sql`WITH u AS (SELECT 1) ${reservationInsert({ withdrawalId: a!.id, chainId: 31337, tokenAddress: token, raw: 7n })}`;
    });
    await firstIn;
    const second = ownerSection(ctx.db, scope(b!), null, async ({ liquidity }) => {
      seen.push(liquidity.reserved);
      return null;
    });
    await delay(200);
    expect(seen).toEqual([0n]);
    release();
    await Promise.all([first, second]);
    expect(seen).toEqual([0n, 7n]);
  });

  it('When the withdrawal changed before the closing update, Then the reservation made with it is not inserted', async () => {
    const w = await ctx.db.withdrawal.create({ data: { ...withdrawalRow(), status: 'COMPLETED' } });
    await ctx.db.$executeRaw`
      WITH u AS (UPDATE "Withdrawal" SET held = false WHERE id = ${w.id}::uuid AND status = 'AWAITING_APPROVAL' RETURNING id)
      ${reservationInsert({ withdrawalId: w.id, chainId: w.chainId, tokenAddress: w.tokenAddress, raw: 1n })}`;
    expect(await ctx.db.reservation.count({ where: { withdrawalId: w.id } })).toBe(0);
  });

  it("When an owner has withdrawals of every kind, Then its cap read counts those completed in the window, PROCESSING, and other uncompleted ones holding an ACTIVE reservation, and nothing else", async () => {
    const [owner, other] = [await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Counted' }), await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Other' })];
    const now = new Date();
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000);
    type Row = Prisma.WithdrawalCreateManyInput;
    const row = (status: Row['status'], capAmount: string | null, extra: Partial<Row> = {}): Row & { id: string } => ({ ...withdrawalRow(), operatorId: owner.id, sessionId: null, status, capAmount, capCurrency: 'EUR', completedAt: null, ...extra });
    const rows = {
      completedInWindow: row('COMPLETED', '1.000000', { completedAt: hoursAgo(1) }),
      completedBefore: row('COMPLETED', '2.000000', { completedAt: hoursAgo(25) }),
      processing: row('PROCESSING', '4.000000'),
      reservedAwaiting: row('AWAITING_APPROVAL', '8.000000'),
      reservedWithoutAmount: row('EXECUTION_QUEUED', null),
      cancelledReleased: row('CANCELLED', '16.000000'),
      pendingUnreserved: row('PENDING', '32.000000'),
      candidate: row('PROCESSING', '64.000000'),
      otherOwners: { ...row('PROCESSING', '128.000000'), operatorId: other.id },
    };
    await ctx.db.withdrawal.createMany({ data: Object.values(rows) });
    const reserve = (w: { id: string }, status: 'ACTIVE' | 'RELEASED') => ({ id: randomUUID(), withdrawalId: w.id, chainId: 31337, tokenAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3', rawAmount: '1', status });
    await ctx.db.reservation.createMany({ data: [reserve(rows.reservedAwaiting, 'ACTIVE'), reserve(rows.reservedWithoutAmount, 'ACTIVE'), reserve(rows.cancelledReleased, 'RELEASED'), reserve(rows.processing, 'ACTIVE')] });
    const window = ownerCapsReads(owner.id, now, [rows.candidate.id])[1]!;
    const { rows: groups } = await ctx.db.sql.query({ text: window.text, values: window.values });
    // 1 + 4 + 8: the PROCESSING one with a reservation is counted once; one counted withdrawal has no amount.
    expect(groups).toEqual([{ capCurrency: 'EUR', total: '13.000000', anyWithoutAmount: true }]);
  });

  it("When an owner has a long history, Then its cap read reaches only the withdrawals that count, not the history (the owner's section holds its lock meanwhile)", async () => {
    const owner = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Long history' });
    // 3,000 past withdrawals, completed 30 days ago or cancelled, and three that count.
    await ctx.db.sql.query(
      `INSERT INTO "Withdrawal" (id, "operatorId", mode, status, "sessionRef", "externalUserId", address, "chainId", "tokenAddress", symbol, decimals,
         "fiatAmount", "fiatCurrency", "capAmount", "capCurrency", "completedAt", "updatedAt")
       SELECT gen_random_uuid(), $1::uuid, 'C', (CASE WHEN g % 3 = 0 THEN 'CANCELLED' ELSE 'COMPLETED' END)::"WithdrawStatus", 'sr_h' || g, 'u', '0xdead', 31337, '0xtoken', 'USDT', 6,
         1, 'EUR', 1, 'EUR', CASE WHEN g % 3 = 0 THEN NULL ELSE now() - interval '30 days' END, now()
       FROM generate_series(1, 3000) g`,
      [owner.id],
    );
    await ctx.db.withdrawal.createMany({
      data: [
        { ...withdrawalRow(), operatorId: owner.id, sessionId: null, status: 'COMPLETED', completedAt: new Date() },
        { ...withdrawalRow(), operatorId: owner.id, sessionId: null, status: 'PROCESSING' },
        { ...withdrawalRow(), operatorId: owner.id, sessionId: null, status: 'PROCESSING' },
      ],
    });
    await ctx.db.sql.query('ANALYZE "Withdrawal"; ANALYZE "Reservation"');
    const window = ownerCapsReads(owner.id, new Date(), [])[1]!;
    const { rows } = await ctx.db.sql.query({ text: `EXPLAIN (ANALYZE, FORMAT JSON) ${window.text}`, values: window.values });
    const plan = (rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode }> })['QUERY PLAN'][0]!.Plan;
    expect(rowsReached(plan, 'Withdrawal')).toBeLessThanOrEqual(10);
  });

  it("When a TRON sender has a long history, Then its next sequence number is one past its highest, read from the index's end and not from its history", async () => {
    const from = `T${randomUUID().replaceAll('-', '').slice(0, 33)}`;
    // 3,000 earlier transactions of the sender (and one of another sender, higher), on one chain instance.
    await ctx.db.sql.query(
      `INSERT INTO "OutboundTx" (id, "chainId", "genesisHash", "fromAddress", nonce, purpose, "rawTx", "txHash", "updatedAt")
       SELECT gen_random_uuid(), 1000195, 'tron-genesis', $1, g, 'seq:' || $1 || ':' || g, '{}', 'seq-' || $1 || '-' || g, now()
       FROM generate_series(0, 2999) g
       UNION ALL SELECT gen_random_uuid(), 1000195, 'tron-genesis', $1 || 'x', 9000, 'seq:' || $1 || 'x', '{}', 'seq-' || $1 || 'x', now()`,
      [from],
    );
    await ctx.db.sql.query('ANALYZE "OutboundTx"');
    const read = tronNextSequence(1000195, 'tron-genesis', from);
    expect(await ctx.db.$queryRaw(read)).toEqual([{ next: 3000 }]);
    expect(await ctx.db.$queryRaw(tronNextSequence(1000195, 'tron-genesis', `${from}y`))).toEqual([{ next: 0 }]);
    const { rows } = await ctx.db.sql.query({ text: `EXPLAIN (ANALYZE, FORMAT JSON) ${read.text}`, values: read.values });
    const plan = (rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode }> })['QUERY PLAN'][0]!.Plan;
    expect(rowsReached(plan, 'OutboundTx')).toBeLessThanOrEqual(2);
  });

  it('When a statement of a batch fails, Then the statements before it are rolled back with it', async () => {
    const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Batch' });
    await expect(sqlBatch(ctx.db, [Prisma.sql`UPDATE "Operator" SET name = ${'changed'} WHERE id = ${op.id}::uuid`, Prisma.sql`SELECT 1 / ${0}`])).rejects.toThrow(/division by zero/);
    expect((await ctx.db.operator.findUniqueOrThrow({ where: { id: op.id } })).name).toBe('Batch');
    await sqlBatch(ctx.db, [Prisma.sql`UPDATE "Operator" SET name = ${'changed'} WHERE id = ${op.id}::uuid`]);
    expect((await ctx.db.operator.findUniqueOrThrow({ where: { id: op.id } })).name).toBe('changed');
  });
});

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** Rows of a table a plan's scans produced or read and threw away, over all their loops. */
function rowsReached(n: PlanNode, table: string): number {
  const own = n['Relation Name'] === table ? (n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0) + (n['Rows Removed by Index Recheck'] ?? 0)) * n['Actual Loops'] : 0;
  return own + (n.Plans ?? []).reduce((sum, p) => sum + rowsReached(p, table), 0);
}

/** A Mode B withdrawal row with every optional column set. */
function withdrawalRow() {
  return {
    id: randomUUID(), operatorId: randomUUID(), mode: 'B' as const, status: 'AWAITING_APPROVAL' as const, sessionId: randomUUID(), sessionRef: `sr_${randomUUID()}`,
    externalUserId: 'user-1', operatorReference: `ref-${randomUUID()}`, address: '0x000000000000000000000000000000000000dEaD', chainId: 31337,
    tokenAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3', symbol: 'USDT', decimals: 6, fiatAmount: '25.00', fiatCurrency: 'EUR',
    cryptoAmountRaw: '25000000', cryptoAmountSent: '25.00000000', amountInUsd: '27.125000', priceRate: '1.000000000000000001', capAmount: '25.000000',
    quotedAt: new Date('2026-01-01T23:59:59.123Z'), capCurrency: 'EUR', held: true, heldReason: 'CAP_EXCEEDED', settlementTxHash: '0xabc', retryable: true, reasonCode: 'X', adminNote: 'note',
    adminNoteBy: 'admin', adminNoteAt: new Date('2026-01-02T03:04:05.678Z'), expiresAt: new Date('2026-01-03T00:00:00.000Z'),
    executedAt: new Date('2026-01-02T00:00:00.000Z'), completedAt: null, workflowStartedAt: new Date('2026-01-01T00:00:00.000Z'),
  };
}
