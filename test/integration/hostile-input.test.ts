import { createAdmin } from '../../src/provisioning/admins';
import { createOperator } from '../../src/provisioning/operators';
import { createTestContext, type TestContext } from '../support/harness';
import { http, type HttpResult } from '../support/http';
import { rowCounts } from '../support/row-counts';

let ctx: TestContext;
let op: { id: string; apiKey: string };
let adminToken: string;
let depositSid: string;

const api = (method: string, p: string, opts?: Parameters<typeof http>[3]) => http(ctx.apiUrl, method, p, opts);
const sessionBody = { externalUserId: 'u-1', lang: 'en', platformFiatCurrency: 'EUR', userBalance: '0', amount: '25' };

beforeAll(async () => {
  ctx = await createTestContext();
  op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Acme', headlessEnabled: true });
  await createAdmin(ctx.db, 'ops@example.com', 'a-long-password', 'ADMIN');
  adminToken = (await api('POST', '/admin/login', { json: { email: 'ops@example.com', password: 'a-long-password' } })).body.token;
  depositSid = (await api('POST', '/session/deposit', { token: op.apiKey, json: sessionBody })).body.data.sid;
});
afterAll(() => ctx.close());

const PHRASES: Record<number, string> = { 400: 'Bad Request', 404: 'Not Found', 413: 'Payload Too Large', 415: 'Unsupported Media Type' };

/** CONTRACT §5: the status, `{ message, errorCode, error }`, and (for validation) the field named. */
function expectRefusal(r: HttpResult, status: number, errorCode: string, field?: string) {
  expect({ status: r.status, errorCode: r.body?.errorCode, error: r.body?.error }).toEqual({ status, errorCode, error: PHRASES[status] });
  expect(typeof r.body.message).toBe('string');
  if (field) expect(r.body.details.map((d: { field: string }) => d.field)).toContain(field);
}

/** Runs the request and checks it wrote no row anywhere. */
async function refused(send: () => Promise<HttpResult>): Promise<HttpResult> {
  const before = await rowCounts(ctx.db);
  const r = await send();
  expect(await rowCounts(ctx.db)).toEqual(before);
  return r;
}

describe('numbers beyond the storage range', () => {
  it.each([
    ['POST /depositor/address', () => api('POST', '/depositor/address', { json: { sid: depositSid, currency: 'ETH', chainId: 2147483648 } })],
    ['POST /session/withdraw (HEADLESS)', () =>
      api('POST', '/session/withdraw', {
        token: op.apiKey,
        json: { ...sessionBody, executionMode: 'HEADLESS', operatorReference: 'r-1', address: '0x000000000000000000000000000000000000dEaD', chainId: 2147483648, tokenAddress: '0x000000000000000000000000000000000000dEaD' },
      })],
  ])('When %s carries a chainId above the integer range, Then 400 VALIDATION_ERROR naming chainId and nothing is written', async (_what, send) => {
    expectRefusal(await refused(send), 400, 'VALIDATION_ERROR', 'chainId');
  });

  it('When the chainId is the largest integer, Then the request goes on to the registry lookup (400 naming chainId, not a 500)', async () => {
    const r = await refused(() => api('POST', '/depositor/address', { json: { sid: depositSid, currency: 'ETH', chainId: 2147483647 } }));
    expectRefusal(r, 400, 'VALIDATION_ERROR', 'chainId');
    expect(r.body.details[0].message).toMatch(/active EVM chain/);
  });
});

describe('text PostgreSQL cannot store', () => {
  it.each([
    ['a NUL in a session field', () => api('POST', '/session/deposit', { token: op.apiKey, json: { ...sessionBody, externalUserId: 'u\u0000x' } }), 'externalUserId'],
    ['a lone surrogate in a depositor id', () => api('POST', '/depositor/create', { token: op.apiKey, json: { externalUserId: 'u\ud800' } }), 'externalUserId'],
    ['a NUL in an admin login', () => api('POST', '/admin/login', { json: { email: 'ops@example.com\u0000', password: 'x' } }), 'email'],
    ['a NUL in a query filter', () => api('GET', '/admin/withdrawals?externalUserId=a%00b', { token: adminToken }), 'externalUserId'],
    ['a NUL in a path segment', () => api('GET', '/depositor/a%00b/check', { token: op.apiKey }), 'path'],
    ['a NUL in a headless sessionRef', () => api('GET', '/withdrawals/ref%00', { token: op.apiKey }), 'path'],
  ])('When %s comes, Then 400 VALIDATION_ERROR naming it and nothing is written', async (_what, send, field) => {
    expectRefusal(await refused(send), 400, 'VALIDATION_ERROR', field);
  });
});

describe('admin cursors', () => {
  const b64 = (s: string) => Buffer.from(s).toString('base64url');
  it.each([
    ['an id that is not a UUID', b64('2026-01-01T00:00:00.000Z|not-a-uuid')],
    ['a date out of range', b64('+275760-09-13T00:00:00.001Z|00000000-0000-4000-8000-000000000000')],
    ['plain garbage', '!!!'],
  ])('When the cursor holds %s, Then 400 VALIDATION_ERROR naming cursor', async (_what, cursor) => {
    for (const list of ['/admin/withdrawals', '/admin/webhooks']) {
      expectRefusal(await api('GET', `${list}?cursor=${encodeURIComponent(cursor)}`, { token: adminToken }), 400, 'VALIDATION_ERROR', 'cursor');
    }
  });
});

describe('the sid of widget endpoints', () => {
  it.each([
    ['missing', {}],
    ['null', { sid: null }],
    ['a number', { sid: 7 }],
    ['not a UUID', { sid: 'x' }],
  ])('When the sid is %s, Then 400 VALIDATION_ERROR naming sid on every sid endpoint', async (_what, body) => {
    for (const p of ['/session/info', '/depositor/address', '/withdraw/direct-transfer']) {
      expectRefusal(await refused(() => api('POST', p, { json: body })), 400, 'VALIDATION_ERROR', 'sid');
    }
  });

  it('When the sid is well formed but unknown, Then 404 SESSION_NOT_FOUND as before', async () => {
    expectRefusal(await api('POST', '/session/info', { json: { sid: '00000000-0000-4000-8000-000000000000' } }), 404, 'SESSION_NOT_FOUND');
  });
});

describe('the framing of the request', () => {
  it('When the body is over 100 kB, Then 413 PAYLOAD_TOO_LARGE in the contract format and nothing is written', async () => {
    const big = { ...sessionBody, email: 'x'.repeat(200_000) };
    expectRefusal(await refused(() => api('POST', '/session/deposit', { token: op.apiKey, json: big })), 413, 'PAYLOAD_TOO_LARGE');
  });

  it.each([
    ['text/plain', JSON.stringify(sessionBody)],
    ['application/x-www-form-urlencoded', 'externalUserId=u-1&lang=en'],
    ['multipart/form-data; boundary=x', '--x--'],
  ])('When a body comes as %s, Then 415 UNSUPPORTED_MEDIA_TYPE and nothing is written', async (type, raw) => {
    const r = await refused(() => api('POST', '/session/deposit', { token: op.apiKey, rawBody: raw, headers: { 'content-type': type } }));
    expectRefusal(r, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('When a POST has no body and no type (execute, cancel), Then the route still answers on its own terms', async () => {
    expectRefusal(await api('POST', '/withdrawals/nope/cancel', { token: op.apiKey }), 404, 'NOT_FOUND');
  });

  it.each(['/depositor/%E0%A4%A/check', '/withdrawals/%ZZ', '/admin/withdrawals/%C0/retry'])(
    'When the path %s has a malformed %%-sequence, Then 400 VALIDATION_ERROR naming path',
    async (p) => {
      const token = p.startsWith('/admin') ? adminToken : op.apiKey;
      expectRefusal(await refused(() => api(p.endsWith('retry') ? 'POST' : 'GET', p, { token })), 400, 'VALIDATION_ERROR', 'path');
    },
  );
});
