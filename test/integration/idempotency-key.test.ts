import { randomUUID } from 'node:crypto';
import { requestFingerprint } from '../../src/domain/idempotency';
import { createOperator } from '../../src/provisioning/operators';
import { createTestContext, type TestContext } from '../support/harness';
import { http, type HttpResult } from '../support/http';

let ctx: TestContext;
let operatorCount = 0;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

/** A fresh operator per test, so its sessions and keys are counted alone. */
const newOperator = () => createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: `Keyed ${++operatorCount}` });

const sessionBody = { externalUserId: 'user-42', lang: 'en', platformFiatCurrency: 'EUR', userBalance: '250.00', amount: '150.50' };

const deposit = (token: string, key?: string, body: Record<string, unknown> = sessionBody) =>
  http(ctx.apiUrl, 'POST', '/session/deposit', { token, json: body, headers: key === undefined ? {} : { 'Idempotency-Key': key } });

const sessionsOf = (operatorId: string) => ctx.db.session.count({ where: { operatorId } });
const keyRow = (operatorId: string, key: string) => ctx.db.idempotencyKey.findUnique({ where: { operatorId_key: { operatorId, key } } });

/** What a replay must repeat: every header but those of the exchange itself. */
function answerOf(r: HttpResult) {
  const headers: Array<[string, string]> = [];
  r.headers.forEach((value, name) => {
    if (!['x-request-id', 'date', 'connection', 'keep-alive'].includes(name)) headers.push([name, value]);
  });
  return { status: r.status, headers, text: r.text };
}

function expectError(r: HttpResult, status: number, errorCode: string) {
  expect({ status: r.status, errorCode: r.body?.errorCode }).toEqual({ status, errorCode });
  expect(typeof r.body.message).toBe('string');
}

describe('Idempotency-Key on operator POSTs', () => {
  it('When a request is sent again with its key, Then the first answer is replayed byte for byte and one session exists', async () => {
    const op = await newOperator();
    const first = await deposit(op.apiKey, 'order-1');
    expect(first.status).toBe(201);
    const again = await deposit(op.apiKey, 'order-1');
    expect(answerOf(again)).toEqual(answerOf(first));
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await sessionsOf(op.id)).toBe(1);
    expect(await keyRow(op.id, 'order-1')).toMatchObject({ state: 'DONE', status: 201 });
  });

  it('When a cancel is sent again with its key, Then its first answer is replayed instead of SESSION_NOT_OPEN', async () => {
    const op = await newOperator();
    const { sid } = (await deposit(op.apiKey)).body.data;
    const cancel = () => http(ctx.apiUrl, 'POST', `/session/${sid}/cancel`, { token: op.apiKey, headers: { 'Idempotency-Key': 'cancel-1' } });
    const first = await cancel();
    expect(first.status).toBe(200);
    expect(answerOf(await cancel())).toEqual(answerOf(first));
    const unkeyed = await http(ctx.apiUrl, 'POST', `/session/${sid}/cancel`, { token: op.apiKey });
    expectError(unkeyed, 400, 'SESSION_NOT_OPEN');
  });

  it('When the first answer was a refusal, Then the refusal is what is replayed', async () => {
    const op = await newOperator();
    const first = await deposit(op.apiKey, 'bad-amount', { ...sessionBody, amount: '-1' });
    expectError(first, 400, 'VALIDATION_ERROR');
    expect(answerOf(await deposit(op.apiKey, 'bad-amount', { ...sessionBody, amount: '-1' }))).toEqual(answerOf(first));
  });

  it('When the key comes with another body or another path, Then 409 IDEMPOTENCY_KEY_REUSED and nothing is created', async () => {
    const op = await newOperator();
    expect((await deposit(op.apiKey, 'order-2')).status).toBe(201);
    expectError(await deposit(op.apiKey, 'order-2', { ...sessionBody, amount: '151.00' }), 409, 'IDEMPOTENCY_KEY_REUSED');
    const otherPath = await http(ctx.apiUrl, 'POST', '/session/withdraw', { token: op.apiKey, json: sessionBody, headers: { 'Idempotency-Key': 'order-2' } });
    expectError(otherPath, 409, 'IDEMPOTENCY_KEY_REUSED');
    expect(await sessionsOf(op.id)).toBe(1);
  });

  it('When the same fields come in another order, Then it is the same request and it is replayed', async () => {
    const op = await newOperator();
    const first = await deposit(op.apiKey, 'order-3');
    const reordered = Object.fromEntries(Object.entries(sessionBody).reverse());
    expect(answerOf(await deposit(op.apiKey, 'order-3', reordered))).toEqual(answerOf(first));
  });

  it('When several requests with one key run at once, Then it runs once: each answer is that one or 409 IDEMPOTENCY_KEY_IN_USE', async () => {
    const op = await newOperator();
    const answers = await Promise.all(Array.from({ length: 6 }, () => deposit(op.apiKey, 'burst')));
    const created = answers.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const r of created) expect(answerOf(r)).toEqual(answerOf(created[0]!));
    for (const r of answers.filter((a) => a.status !== 201)) expectError(r, 409, 'IDEMPOTENCY_KEY_IN_USE');
    expect(await sessionsOf(op.id)).toBe(1);
  });

  it('When the first run has not answered yet, Then 409 IDEMPOTENCY_KEY_IN_USE (another body: REUSED), and nothing runs', async () => {
    const op = await newOperator();
    const fingerprint = requestFingerprint('POST', '/session/deposit', sessionBody);
    await ctx.db.idempotencyKey.create({ data: { operatorId: op.id, key: 'running', fingerprint, state: 'IN_FLIGHT', claimToken: randomUUID() } });
    expectError(await deposit(op.apiKey, 'running'), 409, 'IDEMPOTENCY_KEY_IN_USE');
    expectError(await deposit(op.apiKey, 'running', { ...sessionBody, amount: '12.00' }), 409, 'IDEMPOTENCY_KEY_REUSED');
    expect(await sessionsOf(op.id)).toBe(0);
  });

  it('When a claim was left IN_FLIGHT past the stale bound (its run died), Then the next request takes it over and runs', async () => {
    const op = await newOperator();
    const fingerprint = requestFingerprint('POST', '/session/deposit', sessionBody);
    const createdAt = new Date(Date.now() - 6 * 60_000);
    await ctx.db.idempotencyKey.create({ data: { operatorId: op.id, key: 'orphan', fingerprint, state: 'IN_FLIGHT', claimToken: randomUUID(), createdAt } });
    expect((await deposit(op.apiKey, 'orphan')).status).toBe(201);
    expect(await keyRow(op.id, 'orphan')).toMatchObject({ state: 'DONE', status: 201 });
    expect(await sessionsOf(op.id)).toBe(1);
  });

  it('When the answer is a retryable refusal (429), Then it is not kept: the key is released and may be sent again with any body', async () => {
    const op = await newOperator();
    const { sid } = (await deposit(op.apiKey)).body.data;
    const testSend = (key: string | undefined, body: object) =>
      http(ctx.apiUrl, 'POST', `/session/${sid}/test-webhook`, { token: op.apiKey, json: body, headers: key ? { 'Idempotency-Key': key } : {} });
    // Five sends a minute per operator; this operator has no webhook, so each of the five is refused after its slot.
    for (let i = 0; i < 5; i++) expectError(await testSend(undefined, {}), 400, 'WEBHOOK_NOT_CONFIGURED');
    expectError(await testSend('limited', {}), 429, 'RATE_LIMITED');
    expect(await keyRow(op.id, 'limited')).toBeNull();
    expectError(await testSend('limited', { amount: '1.00' }), 429, 'RATE_LIMITED');
  });

  it('When another operator sends the same key, Then its request is its own', async () => {
    const [a, b] = [await newOperator(), await newOperator()];
    const ra = await deposit(a.apiKey, 'shared-key');
    const rb = await deposit(b.apiKey, 'shared-key', { ...sessionBody, amount: '99.00' });
    expect([ra.status, rb.status]).toEqual([201, 201]);
    expect(ra.body.data.sid).not.toBe(rb.body.data.sid);
    expect([await sessionsOf(a.id), await sessionsOf(b.id)]).toEqual([1, 1]);
  });

  it.each([
    ['empty', ''],
    ['256 characters', 'k'.repeat(256)],
    ['a tab inside', 'a\tb'],
    ['a non-ASCII character', 'clé'],
  ])('When the key is %s, Then 400 VALIDATION_ERROR naming Idempotency-Key, and nothing is created or kept', async (_what, key) => {
    const op = await newOperator();
    const r = await deposit(op.apiKey, key);
    expectError(r, 400, 'VALIDATION_ERROR');
    expect(r.body.details).toEqual([{ field: 'Idempotency-Key', message: expect.any(String) }]);
    expect(await sessionsOf(op.id)).toBe(0);
    expect(await ctx.db.idempotencyKey.count({ where: { operatorId: op.id } })).toBe(0);
  });

  it('When the key is 255 printable characters, spaces and symbols included, Then it is taken', async () => {
    const op = await newOperator();
    const key = `a ~!"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}`.padEnd(255, 'z');
    expect((await deposit(op.apiKey, key)).status).toBe(201);
    expect(await keyRow(op.id, key)).toMatchObject({ state: 'DONE' });
  });

  it('When there is no key, Then every request runs as before and nothing is kept', async () => {
    const op = await newOperator();
    const [a, b] = [await deposit(op.apiKey), await deposit(op.apiKey)];
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.data.sid).not.toBe(b.body.data.sid);
    expect(await ctx.db.idempotencyKey.count({ where: { operatorId: op.id } })).toBe(0);
  });

  it('When the kept answer is older than 24 h, Then the key runs again, and a later claim deletes expired rows', async () => {
    const op = await newOperator();
    const first = await deposit(op.apiKey, 'yesterday');
    await deposit(op.apiKey, 'old-other');
    const dayAgo = new Date(Date.now() - 24 * 3600_000 - 60_000);
    await ctx.db.idempotencyKey.updateMany({ where: { operatorId: op.id }, data: { createdAt: dayAgo } });

    const again = await deposit(op.apiKey, 'yesterday');
    expect(again.status).toBe(201);
    expect(again.body.data.sid).not.toBe(first.body.data.sid);
    expect(await sessionsOf(op.id)).toBe(3);
    // The claim of 'yesterday' cleaned the other expired row, and its own row is fresh.
    expect(await keyRow(op.id, 'old-other')).toBeNull();
    expect((await keyRow(op.id, 'yesterday'))!.createdAt.getTime()).toBeGreaterThan(dayAgo.getTime() + 3600_000);
  });
});
