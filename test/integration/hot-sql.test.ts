/**
 * The hot-path statements that bypass Prisma's engine (src/store/sql.ts): a read returns exactly what Prisma's own read
 * returns for the same row (Decimal columns as Prisma.Decimal, timestamps as Date, arrays as arrays), and an insert
 * stores exactly what was asked. A model change that the raw statements do not follow fails here.
 */
import { apiKeyId } from '../../src/domain/credentials';
import { Prisma } from '../../src/generated/prisma/client';
import { createOperator } from '../../src/provisioning/operators';
import { operatorByKeyId } from '../../src/store/operator-keys';
import { insertSession, insertSessionInTx, type NewSession } from '../../src/store/sessions';
import { sqlTransaction, type RawTx } from '../../src/store/sql';
import { createTestContext, type TestContext } from '../support/harness';

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
    const raw = await operatorByKeyId(ctx.db, keyId);
    expect(raw).toEqual(await ctx.db.operator.findUnique({ where: { apiKeyId: keyId } }));
    expect(raw!.minAmount!.toFixed(2)).toBe('0.01');
    expect(await operatorByKeyId(ctx.db, '0000000000000000')).toBeNull();
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
});
