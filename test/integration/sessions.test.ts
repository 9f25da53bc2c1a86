import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Db } from '../../src/adapters/db';
import { errorHandler } from '../../src/api/error-handler';
import { currentSession, sidAuth } from '../../src/api/middleware/sid-auth';
import { createOperator } from '../../src/provisioning/operators';
import { createTestContext, type TestContext } from '../support/harness';
import { http, type HttpResult } from '../support/http';

let ctx: TestContext;
const PANEL_URL = 'https://panel.acme.example/return?from=gateway';
let acme: { id: string; apiKey: string }; // panel return URL, limits 10..1000
let bare: { id: string; apiKey: string }; // no return URL, no limits
let parent: { id: string; apiKey: string };
let child: { id: string; apiKey: string };
let headless: { id: string; apiKey: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const make = (s: Parameters<typeof createOperator>[2]) => createOperator(ctx.db, ctx.config.SECRETS_KEY, s);
  acme = await make({ name: 'Acme', returnUrl: PANEL_URL, minAmount: '10', maxSessionAmount: '1000' });
  bare = await make({ name: 'Bare' });
  parent = await make({ name: 'Parent', returnUrl: 'https://parent.example/back' });
  child = await make({ name: 'Child', parentId: parent.id });
  headless = await make({ name: 'Headless', headlessEnabled: true });
});
afterAll(() => ctx?.close());

const api = (method: string, p: string, opts?: Parameters<typeof http>[3]) => http(ctx.apiUrl, method, p, opts);

const validBody = {
  externalUserId: 'user-42',
  lang: 'en',
  platformFiatCurrency: 'EUR',
  userBalance: '250.12345678',
  amount: '150.5',
};

const deposit = (token: string, body: Record<string, unknown> = {}) =>
  api('POST', '/session/deposit', { token, json: { ...validBody, ...body } });
const withdraw = (token: string, body: Record<string, unknown> = {}) =>
  api('POST', '/session/withdraw', { token, json: { ...validBody, ...body } });
const info = (sid: unknown) => api('POST', '/session/info', { json: { sid } });
const cancel = (token: string, sid: string) => api('POST', `/session/${sid}/cancel`, { token });

const without = (field: string) => ({ ...validBody, [field]: undefined });
const storedSession = (sid: string) => ctx.db.session.findUniqueOrThrow({ where: { id: sid } });

function expectError(r: HttpResult, status: number, errorCode: string) {
  expect({ status: r.status, errorCode: r.body?.errorCode }).toEqual({ status, errorCode });
  expect(r.body.error).toBe({ 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' }[status]);
  expect(typeof r.body.message).toBe('string');
}

/** A rejected request must leave no Session row behind. */
async function expectRejected(call: () => Promise<HttpResult>, status: number, errorCode: string): Promise<HttpResult> {
  const before = await ctx.db.session.count();
  const r = await call();
  expectError(r, status, errorCode);
  expect(await ctx.db.session.count()).toBe(before);
  return r;
}

const detailFields = (r: HttpResult): string[] => r.body.details.map((d: { field: string }) => d.field);

function expectExpiresIn(expiresAt: string, seconds: number) {
  const delta = new Date(expiresAt).getTime() - (Date.now() + seconds * 1000);
  expect(Math.abs(delta)).toBeLessThan(5000);
}

describe('POST /session/deposit', () => {
  it('When a valid deposit session is created, Then 201 with the envelope, a widget URL carrying the sid, and the row stored', async () => {
    const r = await deposit(acme.apiKey, { email: 'player@example.com', operatorReference: 'dep-shape' });
    expect(r.status).toBe(201);
    expect(Object.keys(r.body).sort()).toEqual(['data', 'message', 'status']);
    expect(r.body.status).toBe('success');
    expect(typeof r.body.message).toBe('string');
    const { url, sid, sessionRef, expiresAt } = r.body.data;
    expect(Object.keys(r.body.data).sort()).toEqual(['expiresAt', 'sessionRef', 'sid', 'url']);
    expect(sid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(url).toBe(`http://${ctx.config.HOST}:${ctx.config.PORT}/widget/deposit?sid=${sid}`);
    expect(sessionRef).toMatch(/^sr_[0-9a-f]{32}$/);
    expectExpiresIn(expiresAt, ctx.config.SESSION_TTL_SECONDS);

    const row = await storedSession(sid);
    expect(row).toMatchObject({
      sessionRef,
      operatorId: acme.id,
      type: 'DEPOSIT',
      status: 'OPEN',
      externalUserId: 'user-42',
      lang: 'en',
      platformFiatCurrency: 'EUR',
      email: 'player@example.com',
      operatorReference: 'dep-shape',
      redirectUrl: null,
    });
    expect(row.amount.toFixed(2)).toBe('150.50');
    expect(row.userBalance.toFixed(8)).toBe('250.12345678');
    expect(row.expiresAt.toISOString()).toBe(expiresAt);
  });

  it('When two sessions are created, Then each has its own sid and sessionRef', async () => {
    const [a, b] = await Promise.all([deposit(bare.apiKey), deposit(bare.apiKey)]);
    expect(a!.body.data.sid).not.toBe(b!.body.data.sid);
    expect(a!.body.data.sessionRef).not.toBe(b!.body.data.sessionRef);
  });

  it.each(['externalUserId', 'lang', 'platformFiatCurrency', 'userBalance', 'amount'])(
    'When %s is missing, Then 400 VALIDATION_ERROR naming it and nothing is written',
    async (field) => {
      const r = await expectRejected(() => api('POST', '/session/deposit', { token: acme.apiKey, json: without(field) }), 400, 'VALIDATION_ERROR');
      expect(detailFields(r)).toEqual([field]);
    },
  );

  it('When the body is empty, Then every required field is named', async () => {
    const r = await expectRejected(() => api('POST', '/session/deposit', { token: acme.apiKey, json: {} }), 400, 'VALIDATION_ERROR');
    expect(detailFields(r).sort()).toEqual(['amount', 'externalUserId', 'lang', 'platformFiatCurrency', 'userBalance']);
  });

  it.each([
    ['three decimals', '100.123'],
    ['negative', '-5'],
    ['exponent notation', '1e3'],
    ['a JSON number', 150],
    ['zero', '0'],
    ['zero with decimals', '0.00'],
    ['empty', ''],
    ['leading space', ' 10'],
    ['comma decimal separator', '1,5'],
    ['hex', '0x10'],
    ['leading zero', '010'],
    ['null', null],
  ])('When amount is %s, Then 400 VALIDATION_ERROR naming amount', async (_what, amount) => {
    const r = await expectRejected(() => deposit(acme.apiKey, { amount }), 400, 'VALIDATION_ERROR');
    expect(detailFields(r)).toEqual(['amount']);
  });

  it.each([
    ['platformFiatCurrency', 'eur'],
    ['platformFiatCurrency', 'EURO'],
    ['userBalance', '-1'],
    ['userBalance', 100],
    ['userBalance', '1.123456789'],
    ['externalUserId', ''],
    ['externalUserId', '   '],
    ['externalUserId', 42],
    ['lang', ''],
    ['email', 7],
    ['operatorReference', ''],
  ])('When %s is %j, Then 400 VALIDATION_ERROR naming it', async (field, value) => {
    const r = await expectRejected(() => deposit(acme.apiKey, { [field]: value }), 400, 'VALIDATION_ERROR');
    expect(detailFields(r)).toEqual([field]);
  });

  it('When amount is below the operator minimum, Then 400 AMOUNT_BELOW_MINIMUM and nothing is written', async () => {
    await expectRejected(() => deposit(acme.apiKey, { amount: '9.99' }), 400, 'AMOUNT_BELOW_MINIMUM');
  });

  it('When amount is above the operator maximum, Then 400 AMOUNT_ABOVE_MAXIMUM and nothing is written', async () => {
    await expectRejected(() => deposit(acme.apiKey, { amount: '1000.01' }), 400, 'AMOUNT_ABOVE_MAXIMUM');
  });

  it('When amount equals either bound, Then it is accepted', async () => {
    expect((await deposit(acme.apiKey, { amount: '10' })).status).toBe(201);
    expect((await deposit(acme.apiKey, { amount: '1000.00' })).status).toBe(201);
  });

  it('When the operator has no limits, Then a tiny and a huge amount are both accepted', async () => {
    expect((await deposit(bare.apiKey, { amount: '0.01' })).status).toBe(201);
    expect((await deposit(bare.apiKey, { amount: '999999999999.99' })).status).toBe(201);
  });

  it('When the operator key is missing, Then 401 and nothing is written', async () => {
    await expectRejected(() => api('POST', '/session/deposit', { json: validBody }), 401, 'UNAUTHORIZED');
  });
});

describe('POST /session/deposit redirectUrl', () => {
  it.each([
    ['an empty string', ''],
    ['whitespace only', '   '],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,hi'],
    ['ftp:', 'ftp://example.com/'],
    ['relative', '/return'],
    ['protocol-relative', '//example.com/return'],
    ['credentials', 'https://user:pass@example.com/'],
    ['a user name', 'https://user@example.com/'],
    ['%00', 'https://example.com/?x=%00'],
    ['a raw NUL', 'https://example.com/\u0000'],
    ['a lone surrogate', 'https://example.com/\uD800'],
    ['2049 characters', 'https://example.com/' + 'a'.repeat(2049 - 20)],
    ['a number', 42],
    ['an object', { url: 'https://example.com' }],
  ])('When redirectUrl is %s, Then 400 VALIDATION_ERROR naming redirectUrl and nothing is written', async (_what, redirectUrl) => {
    const r = await expectRejected(() => deposit(acme.apiKey, { redirectUrl }), 400, 'VALIDATION_ERROR');
    expect(detailFields(r)).toEqual(['redirectUrl']);
  });

  it.each([
    ['a weird-but-valid URL', 'HTTP://LocalHost:8080/a%20b/../c?x=1&y=%E2%9C%93&z=a+b&empty=&dup=1&dup=2#Frag%20ment?x'],
    ['unicode host, path and query', 'https://bücher.de/ü?q=ä ö#ß'],
    ['backslashes a browser reads as slashes', 'http:\\\\example.com\\back'],
    ['an IPv6 host', 'http://[::1]:3000/done'],
    ['exactly 2048 characters', 'https://example.com/' + 'b'.repeat(2048 - 20)],
  ])('When redirectUrl is %s, Then it is stored and shown byte for byte', async (_what, redirectUrl) => {
    const r = await deposit(acme.apiKey, { redirectUrl });
    expect(r.status).toBe(201);
    expect((await storedSession(r.body.data.sid)).redirectUrl).toBe(redirectUrl);
    expect((await info(r.body.data.sid)).body.data.redirectUrl).toBe(redirectUrl);
  });

  it.each([
    ['null', { redirectUrl: null }],
    ['omitted', {}],
  ])('When redirectUrl is %s, Then null is stored and the effective one is the panel address', async (_what, extra) => {
    const r = await deposit(acme.apiKey, extra);
    expect(r.status).toBe(201);
    expect((await storedSession(r.body.data.sid)).redirectUrl).toBeNull();
    expect((await info(r.body.data.sid)).body.data.redirectUrl).toBe(PANEL_URL);
  });

  it('When redirectUrl is null and the operator has no panel address, Then the effective redirectUrl is null', async () => {
    const r = await deposit(bare.apiKey);
    expect((await info(r.body.data.sid)).body.data.redirectUrl).toBeNull();
  });

  it('When an operatorReference is reused, Then the new session keeps the first session’s redirectUrl', async () => {
    const first = await deposit(acme.apiKey, { operatorReference: 'ref-keep', redirectUrl: 'https://first.example/a?x=1' });
    const second = await deposit(acme.apiKey, { operatorReference: 'ref-keep', redirectUrl: 'https://second.example/b' });
    const third = await deposit(acme.apiKey, { operatorReference: 'ref-keep' });
    expect([first.status, second.status, third.status]).toEqual([201, 201, 201]);
    expect(new Set([first.body.data.sid, second.body.data.sid, third.body.data.sid]).size).toBe(3);
    for (const r of [second, third]) {
      expect((await storedSession(r.body.data.sid)).redirectUrl).toBe('https://first.example/a?x=1');
      expect((await info(r.body.data.sid)).body.data.redirectUrl).toBe('https://first.example/a?x=1');
    }
  });

  it('When the first session of a reference had no redirectUrl, Then a reuse keeps null (the panel address)', async () => {
    await deposit(acme.apiKey, { operatorReference: 'ref-null' });
    const second = await deposit(acme.apiKey, { operatorReference: 'ref-null', redirectUrl: 'https://second.example/b' });
    expect((await storedSession(second.body.data.sid)).redirectUrl).toBeNull();
    expect((await info(second.body.data.sid)).body.data.redirectUrl).toBe(PANEL_URL);
  });

  it('When the first session of a reference is cancelled, Then a reuse still keeps its redirectUrl', async () => {
    const first = await deposit(acme.apiKey, { operatorReference: 'ref-cancelled', redirectUrl: 'https://first.example/c' });
    expect((await cancel(acme.apiKey, first.body.data.sid)).status).toBe(200);
    const second = await deposit(acme.apiKey, { operatorReference: 'ref-cancelled', redirectUrl: 'https://second.example/c' });
    expect((await storedSession(second.body.data.sid)).redirectUrl).toBe('https://first.example/c');
  });

  it('When a reused reference comes with an invalid redirectUrl, Then it is still 400 and nothing is written', async () => {
    await deposit(acme.apiKey, { operatorReference: 'ref-invalid', redirectUrl: 'https://first.example/d' });
    await expectRejected(() => deposit(acme.apiKey, { operatorReference: 'ref-invalid', redirectUrl: '' }), 400, 'VALIDATION_ERROR');
  });

  it('When another operator or a withdraw session uses the same reference, Then it does not share the redirectUrl', async () => {
    await deposit(acme.apiKey, { operatorReference: 'ref-shared', redirectUrl: 'https://acme.example/r' });
    const other = await deposit(bare.apiKey, { operatorReference: 'ref-shared', redirectUrl: 'https://bare.example/r' });
    expect((await storedSession(other.body.data.sid)).redirectUrl).toBe('https://bare.example/r');

    await withdraw(parent.apiKey, { operatorReference: 'ref-wd' });
    const dep = await deposit(parent.apiKey, { operatorReference: 'ref-wd', redirectUrl: 'https://parent.example/dep' });
    expect((await storedSession(dep.body.data.sid)).redirectUrl).toBe('https://parent.example/dep');
  });

  it('When sessions with a new reference are created concurrently, Then they all end up with one redirectUrl', async () => {
    const urls = Array.from({ length: 6 }, (_, i) => `https://race.example/${i}`);
    const results = await Promise.all(urls.map((redirectUrl) => deposit(acme.apiKey, { operatorReference: 'ref-race', redirectUrl })));
    expect(results.map((r) => r.status)).toEqual(urls.map(() => 201));
    const rows = await ctx.db.session.findMany({ where: { operatorReference: 'ref-race' }, orderBy: { createdAt: 'asc' } });
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((r) => r.redirectUrl)).size).toBe(1);
    expect(urls).toContain(rows[0]!.redirectUrl);
  });
});

describe('POST /session/withdraw (widget mode)', () => {
  it('When a valid withdraw session is created, Then 201 with the envelope and a withdraw widget URL', async () => {
    const r = await withdraw(acme.apiKey, { operatorReference: 'wd-1', email: 'p@example.com' });
    expect(r.status).toBe(201);
    expect(r.body.status).toBe('success');
    expect(typeof r.body.message).toBe('string');
    const { url, sid, sessionRef, expiresAt } = r.body.data;
    expect(Object.keys(r.body.data).sort()).toEqual(['expiresAt', 'sessionRef', 'sid', 'url']);
    expect(url).toBe(`http://${ctx.config.HOST}:${ctx.config.PORT}/widget/withdraw?sid=${sid}`);
    expect(sessionRef).toMatch(/^sr_[0-9a-f]{32}$/);
    expectExpiresIn(expiresAt, ctx.config.SESSION_TTL_SECONDS);
    const row = await storedSession(sid);
    expect(row).toMatchObject({ type: 'WITHDRAW', status: 'OPEN', operatorId: acme.id, operatorReference: 'wd-1', redirectUrl: null });
    expect(row.amount.toFixed(2)).toBe('150.50');
  });

  it('When a withdraw request carries a redirectUrl, Then it is ignored: withdraw sessions use the panel address', async () => {
    const r = await withdraw(acme.apiKey, { redirectUrl: 'https://elsewhere.example/' });
    expect(r.status).toBe(201);
    expect((await storedSession(r.body.data.sid)).redirectUrl).toBeNull();
    expect((await info(r.body.data.sid)).body.data.redirectUrl).toBe(PANEL_URL);
  });

  it.each(['externalUserId', 'lang', 'platformFiatCurrency', 'userBalance', 'amount'])(
    'When %s is missing, Then 400 VALIDATION_ERROR naming it and nothing is written',
    async (field) => {
      const r = await expectRejected(() => api('POST', '/session/withdraw', { token: acme.apiKey, json: without(field) }), 400, 'VALIDATION_ERROR');
      expect(detailFields(r)).toEqual([field]);
    },
  );

  it.each([['100.123'], ['-1'], ['1e3'], [100]])('When amount is %j, Then 400 VALIDATION_ERROR naming amount', async (amount) => {
    const r = await expectRejected(() => withdraw(acme.apiKey, { amount }), 400, 'VALIDATION_ERROR');
    expect(detailFields(r)).toEqual(['amount']);
  });

  it('When amount is outside the operator limits, Then AMOUNT_BELOW_MINIMUM / AMOUNT_ABOVE_MAXIMUM', async () => {
    await expectRejected(() => withdraw(acme.apiKey, { amount: '5' }), 400, 'AMOUNT_BELOW_MINIMUM');
    await expectRejected(() => withdraw(acme.apiKey, { amount: '5000' }), 400, 'AMOUNT_ABOVE_MAXIMUM');
  });

  it('When executionMode is HEADLESS for an operator without headless, Then 403 HEADLESS_NOT_ENABLED, before any body check', async () => {
    await expectRejected(() => withdraw(acme.apiKey, { executionMode: 'HEADLESS' }), 403, 'HEADLESS_NOT_ENABLED');
    await expectRejected(
      () => api('POST', '/session/withdraw', { token: acme.apiKey, json: { executionMode: 'HEADLESS' } }),
      403,
      'HEADLESS_NOT_ENABLED',
    );
  });

  it('When executionMode is HEADLESS for a headless operator without the intent fields, Then 400 VALIDATION_ERROR naming them', async () => {
    const r = await expectRejected(
      () => withdraw(headless.apiKey, { executionMode: 'HEADLESS', operatorReference: 'hl-1' }),
      400,
      'VALIDATION_ERROR',
    );
    expect(detailFields(r)).toEqual(expect.arrayContaining(['address', 'chainId', 'tokenAddress']));
  });

  it.each([['headless'], ['WIDGET'], [''], [null], [1]])(
    'When executionMode is %j, Then 400 VALIDATION_ERROR naming executionMode',
    async (executionMode) => {
      const r = await expectRejected(() => withdraw(acme.apiKey, { executionMode }), 400, 'VALIDATION_ERROR');
      expect(detailFields(r)).toEqual(['executionMode']);
    },
  );
});

describe('POST /session/:uuid/cancel', () => {
  it('When the operator cancels its open session, Then 200 with the envelope and the session is CANCELLED', async () => {
    const created = await deposit(acme.apiKey);
    const { sid, sessionRef } = created.body.data;
    const r = await cancel(acme.apiKey, sid);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'success', message: expect.any(String), data: { sid, sessionRef, status: 'CANCELLED' } });
    expect((await storedSession(sid)).status).toBe('CANCELLED');
    expect((await info(sid)).body.data.status).toBe('CANCELLED');
  });

  it('When a cancelled session is cancelled again, Then 400 SESSION_NOT_OPEN', async () => {
    const { sid } = (await withdraw(acme.apiKey)).body.data;
    expect((await cancel(acme.apiKey, sid)).status).toBe(200);
    expectError(await cancel(acme.apiKey, sid), 400, 'SESSION_NOT_OPEN');
  });

  it('When the session is COMPLETED, Then 400 SESSION_NOT_OPEN and it stays COMPLETED', async () => {
    const { sid } = (await withdraw(acme.apiKey)).body.data;
    await ctx.db.session.update({ where: { id: sid }, data: { status: 'COMPLETED' } });
    expectError(await cancel(acme.apiKey, sid), 400, 'SESSION_NOT_OPEN');
    expect((await storedSession(sid)).status).toBe('COMPLETED');
  });

  it.each([
    ['an unknown UUID', '00000000-0000-4000-8000-000000000000'],
    ['a non-UUID', 'not-a-uuid'],
    ['a UUID with trailing junk', '00000000-0000-4000-8000-000000000000x'],
  ])('When the sid is %s, Then 404 SESSION_NOT_FOUND', async (_what, sid) => {
    expectError(await cancel(acme.apiKey, sid), 404, 'SESSION_NOT_FOUND');
  });

  it('When another operator’s session is cancelled, Then 404 SESSION_NOT_FOUND and it stays OPEN', async () => {
    const { sid } = (await deposit(acme.apiKey)).body.data;
    expectError(await cancel(bare.apiKey, sid), 404, 'SESSION_NOT_FOUND');
    expectError(await cancel(child.apiKey, sid), 404, 'SESSION_NOT_FOUND');
    expect((await storedSession(sid)).status).toBe('OPEN');
  });

  it('When a parent cancels its sub-operator’s session, Then it is cancelled; the sub-operator cannot cancel the parent’s', async () => {
    const childSession = (await deposit(child.apiKey)).body.data.sid;
    expect((await cancel(parent.apiKey, childSession)).status).toBe(200);
    expect((await storedSession(childSession)).status).toBe('CANCELLED');

    const parentSession = (await deposit(parent.apiKey)).body.data.sid;
    expectError(await cancel(child.apiKey, parentSession), 404, 'SESSION_NOT_FOUND');
    expect((await storedSession(parentSession)).status).toBe('OPEN');
  });

  it('When the operator key is missing, Then 401', async () => {
    const { sid } = (await deposit(acme.apiKey)).body.data;
    expectError(await api('POST', `/session/${sid}/cancel`), 401, 'UNAUTHORIZED');
  });
});

describe('POST /session/info', () => {
  it('When the widget asks about an open deposit session, Then the full envelope with every field (no operator key)', async () => {
    const created = await deposit(acme.apiKey, { amount: '100', lang: 'de', platformFiatCurrency: 'USD', redirectUrl: 'https://own.example/x' });
    const r = await info(created.body.data.sid);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      status: 'success',
      message: expect.any(String),
      data: {
        type: 'deposit',
        status: 'OPEN',
        externalUserId: 'user-42',
        amount: '100.00',
        platformFiatCurrency: 'USD',
        lang: 'de',
        redirectUrl: 'https://own.example/x',
        expiresAt: created.body.data.expiresAt,
        withdrawal: null,
      },
    });
  });

  it('When the widget asks about a withdraw session, Then type withdraw, the locked amount and the panel address', async () => {
    const created = await withdraw(acme.apiKey, { amount: '99.9' });
    const r = await info(created.body.data.sid);
    expect(r.body.data).toMatchObject({ type: 'withdraw', status: 'OPEN', amount: '99.90', redirectUrl: PANEL_URL, withdrawal: null });
  });

  it('When a withdraw session’s operator has no panel address, Then redirectUrl is null', async () => {
    const created = await withdraw(bare.apiKey);
    expect((await info(created.body.data.sid)).body.data.redirectUrl).toBeNull();
  });

  it('When a sub-operator’s session has no redirectUrl, Then its own panel address applies, not its parent’s', async () => {
    const created = await deposit(child.apiKey);
    expect((await info(created.body.data.sid)).body.data.redirectUrl).toBeNull();
  });

  it('When the session is COMPLETED, Then info still answers with status COMPLETED', async () => {
    const { sid } = (await withdraw(acme.apiKey)).body.data;
    await ctx.db.session.update({ where: { id: sid }, data: { status: 'COMPLETED' } });
    const r = await info(sid);
    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe('COMPLETED');
  });

  it('When the panel address changes after creation, Then a session without its own redirectUrl follows it', async () => {
    const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Mover', returnUrl: 'https://old.example/' });
    const { sid } = (await deposit(op.apiKey)).body.data;
    await ctx.db.operator.update({ where: { id: op.id }, data: { returnUrl: 'https://new.example/' } });
    expect((await info(sid)).body.data.redirectUrl).toBe('https://new.example/');
  });

  it('When the widget sends an unknown sid, Then 404 SESSION_NOT_FOUND', async () => {
    expectError(await info('00000000-0000-4000-8000-000000000000'), 404, 'SESSION_NOT_FOUND');
  });

  it.each([
    ['a non-UUID sid', 'nope'],
    ['a numeric sid', 12345],
    ['no sid', undefined],
    ['a null sid', null],
  ])('When the widget sends %s, Then 400 VALIDATION_ERROR naming sid', async (_what, sid) => {
    const r = await info(sid);
    expectError(r, 400, 'VALIDATION_ERROR');
    expect(r.body.details).toEqual([{ field: 'sid', message: expect.any(String) }]);
  });

  it('When the body is not JSON at all, Then 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const r = await api('POST', '/session/info', { rawBody: 'sid=abc', headers: { 'content-type': 'text/plain' } });
    expect({ status: r.status, errorCode: r.body.errorCode, error: r.body.error }).toEqual({ status: 415, errorCode: 'UNSUPPORTED_MEDIA_TYPE', error: 'Unsupported Media Type' });
  });
});

/** sidAuth is built for widget routes that act (e.g. creating a deposit address); a probe route exercises it. */
async function probeServer(db: Db): Promise<{ url: string; close(): Promise<void> }> {
  const app = express();
  app.use(express.json());
  app.post('/probe', sidAuth(db), (_req, res) => {
    res.json({ sid: currentSession(res).id, operatorName: currentSession(res).operator.name });
  });
  app.use(errorHandler(ctx.logger));
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('sidAuth on an acting widget route', () => {
  let probe: Awaited<ReturnType<typeof probeServer>>;
  beforeAll(async () => {
    probe = await probeServer(ctx.db);
  });
  afterAll(() => probe?.close());

  it('When the session is open, Then the route sees it with its operator', async () => {
    const { sid } = (await deposit(acme.apiKey)).body.data;
    const r = await http(probe.url, 'POST', '/probe', { json: { sid } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ sid, operatorName: 'Acme' });
  });

  it('When the session was cancelled or completed, Then 400 SESSION_NOT_OPEN', async () => {
    const cancelled = (await deposit(acme.apiKey)).body.data.sid;
    await cancel(acme.apiKey, cancelled);
    expectError(await http(probe.url, 'POST', '/probe', { json: { sid: cancelled } }), 400, 'SESSION_NOT_OPEN');
    const completed = (await withdraw(acme.apiKey)).body.data.sid;
    await ctx.db.session.update({ where: { id: completed }, data: { status: 'COMPLETED' } });
    expectError(await http(probe.url, 'POST', '/probe', { json: { sid: completed } }), 400, 'SESSION_NOT_OPEN');
  });

  it('When the sid is unknown, Then 404 SESSION_NOT_FOUND; when malformed, Then 400 VALIDATION_ERROR', async () => {
    expectError(await http(probe.url, 'POST', '/probe', { json: { sid: '00000000-0000-4000-8000-000000000000' } }), 404, 'SESSION_NOT_FOUND');
    expectError(await http(probe.url, 'POST', '/probe', { json: { sid: 'x' } }), 400, 'VALIDATION_ERROR');
  });
});

describe('session expiry and the public widget address (SESSION_TTL_SECONDS=1, PUBLIC_BASE_URL set)', () => {
  let short: TestContext;
  let op: { id: string; apiKey: string };
  let probe: Awaited<ReturnType<typeof probeServer>>;
  let expired: { sid: string; url: string; expiresAt: string };
  let requestedAt: number;

  beforeAll(async () => {
    short = await createTestContext({ env: { SESSION_TTL_SECONDS: '1', PUBLIC_BASE_URL: 'https://pay.example.com/' } });
    op = await createOperator(short.db, short.config.SECRETS_KEY, { name: 'Short', returnUrl: PANEL_URL });
    probe = await probeServer(short.db);
    requestedAt = Date.now();
    const r = await http(short.apiUrl, 'POST', '/session/deposit', { token: op.apiKey, json: validBody });
    expect(r.status).toBe(201);
    expired = r.body.data;
    await new Promise((resolve) => setTimeout(resolve, 1200));
  });
  afterAll(async () => {
    await probe?.close();
    await short?.close();
  });

  it('When PUBLIC_BASE_URL is set, Then the widget URL is built on it (trailing slash not doubled) and expiresAt is now + TTL', () => {
    expect(expired.url).toBe(`https://pay.example.com/widget/deposit?sid=${expired.sid}`);
    const ttlMs = new Date(expired.expiresAt).getTime() - requestedAt;
    expect(ttlMs).toBeGreaterThanOrEqual(1000);
    expect(ttlMs).toBeLessThan(2000);
  });

  it('When the TTL has passed, Then info answers status EXPIRED', async () => {
    const r = await http(short.apiUrl, 'POST', '/session/info', { json: { sid: expired.sid } });
    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe('EXPIRED');
    expect(r.body.data.redirectUrl).toBe(PANEL_URL);
  });

  it('When an expired session is cancelled, Then 400 SESSION_EXPIRED and it is left as it was', async () => {
    expectError(await http(short.apiUrl, 'POST', `/session/${expired.sid}/cancel`, { token: op.apiKey }), 400, 'SESSION_EXPIRED');
    expect((await short.db.session.findUniqueOrThrow({ where: { id: expired.sid } })).status).toBe('OPEN');
  });

  it('When an acting widget route gets an expired sid, Then 400 SESSION_EXPIRED', async () => {
    expectError(await http(probe.url, 'POST', '/probe', { json: { sid: expired.sid } }), 400, 'SESSION_EXPIRED');
  });

  it('When a withdraw session is created, Then its URL is the public withdraw page', async () => {
    const r = await http(short.apiUrl, 'POST', '/session/withdraw', { token: op.apiKey, json: validBody });
    expect(r.body.data.url).toBe(`https://pay.example.com/widget/withdraw?sid=${r.body.data.sid}`);
  });
});
