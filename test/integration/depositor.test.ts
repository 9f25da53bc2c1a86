import { depositWallet } from '../../src/adapters/hd-wallet';
import { DEV_CHAIN } from '../../dev/devchain/spec';
import { createOperator } from '../../src/provisioning/operators';
import { createTestContext, type TestContext } from '../support/harness';
import { http, type HttpResult } from '../support/http';
import { delay } from '../support/wait';

let ctx: TestContext;
type Op = { id: string; apiKey: string };
let acme: Op;
let other: Op;
let parent: Op;
let child: Op;
let usdc: { address: string; decimals: number };

// The dev chain (31337, registered by the harness) and what this file adds: a second active EVM chain, an inactive
// one and a TRON one.
const devChainId = DEV_CHAIN.chainId;
const BASE = 8453;
const INACTIVE = 999001;
const TRON = 728126428;

beforeAll(async () => {
  ctx = await createTestContext();
  const make = (name: string, parentId?: string) => createOperator(ctx.db, ctx.config.SECRETS_KEY, { name, parentId });
  acme = await make('Acme');
  other = await make('Other');
  parent = await make('Parent');
  child = await make('Child', parent.id);
  usdc = ctx.services.registry.tokens.find((t) => t.symbol === 'USDC')!;
  const chain = (chainId: number, type: 'EVM' | 'TRON', active: boolean, nativeSymbol: string) => ({
    chainId, name: `chain ${chainId}`, type, nativeSymbol, depositConfirmations: 1, withdrawConfirmations: 1, active,
  });
  await ctx.db.chain.createMany({
    data: [chain(BASE, 'EVM', true, 'ETH'), chain(INACTIVE, 'EVM', false, 'ETH'), chain(TRON, 'TRON', true, 'TRX')],
  });
  // A symbol whose only row is inactive (what a dev redeploy leaves behind).
  await ctx.db.token.create({
    data: { chainId: devChainId, address: '0x000000000000000000000000000000000000dEaD', symbol: 'OLD', displaySymbol: 'OLD', name: 'Old', decimals: 6, active: false },
  });
});
afterAll(() => ctx?.close());

const api = (method: string, p: string, opts?: Parameters<typeof http>[3]) => http(ctx.apiUrl, method, p, opts);
const create = (op: Op, body: Record<string, unknown>) => api('POST', '/depositor/create', { token: op.apiKey, json: body });
const check = (op: Op, externalUserId: string) => api('GET', `/depositor/${encodeURIComponent(externalUserId)}/check`, { token: op.apiKey });
const addressFor = (json: Record<string, unknown>) => api('POST', '/depositor/address', { json });

const sessionBody = { lang: 'en', platformFiatCurrency: 'EUR', userBalance: '0', amount: '25' };
async function openSession(op: Op, type: 'deposit' | 'withdraw', externalUserId: string) {
  const r = await api('POST', `/session/${type}`, { token: op.apiKey, json: { ...sessionBody, externalUserId } });
  expect(r.status).toBe(201);
  return r.body.data as { sid: string; expiresAt: string };
}

function expectError(r: HttpResult, status: number, errorCode: string) {
  expect({ status: r.status, errorCode: r.body?.errorCode }).toEqual({ status, errorCode });
  expect(r.body.error).toBe({ 400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found' }[status]);
  expect(typeof r.body.message).toBe('string');
}
const detailFields = (r: HttpResult): string[] => r.body.details.map((d: { field: string }) => d.field).sort();

function expectEnvelope(r: HttpResult, status: number) {
  expect(r.status).toBe(status);
  expect(Object.keys(r.body).sort()).toEqual(['data', 'message', 'status']);
  expect(r.body.status).toBe('success');
  expect(typeof r.body.message).toBe('string');
}

/** Every active EVM chain, in chainId order: the dev chain and BASE, never the inactive or TRON one. */
const onEveryChain = (address: string) => [devChainId, BASE].sort((a, b) => a - b).map((chainId) => ({ chainId, address }));

async function createdAddress(op: Op, externalUserId: string): Promise<string> {
  const r = await create(op, { externalUserId });
  expect([200, 201]).toContain(r.status);
  return r.body.data.addresses[0].address;
}

describe('POST /depositor/create', () => {
  it('When a user is created, Then 201 with its address on every active EVM chain, derived at its stored index', async () => {
    const r = await create(acme, { externalUserId: 'alice', email: 'alice@example.com' });
    expectEnvelope(r, 201);
    const { address } = r.body.data.addresses[0];
    expect(r.body.data).toEqual({ externalUserId: 'alice', addresses: onEveryChain(address) });
    const row = await ctx.db.depositAddress.findUniqueOrThrow({ where: { operatorId_externalUserId: { operatorId: acme.id, externalUserId: 'alice' } } });
    expect(row.address).toBe(address);
    // The address the API derived from the public key is the one the worker's seed signs for.
    expect(depositWallet(ctx.keys.HD_MNEMONIC, row.hdIndex).address).toBe(address);
  });

  it('When the same user is created again, Then 200 with the same address and no new row', async () => {
    const first = await createdAddress(acme, 'bob');
    const count = await ctx.db.depositAddress.count();
    const again = await create(acme, { externalUserId: 'bob' });
    expectEnvelope(again, 200);
    expect(again.body.data).toEqual({ externalUserId: 'bob', addresses: onEveryChain(first) });
    expect(await ctx.db.depositAddress.count()).toBe(count);
  });

  it('When two users are created, Then they get different addresses', async () => {
    expect(await createdAddress(acme, 'carol')).not.toBe(await createdAddress(acme, 'dave'));
  });

  it('When the same externalUserId is created under two operators, Then each operator has its own address', async () => {
    expect(await createdAddress(acme, 'shared-id')).not.toBe(await createdAddress(other, 'shared-id'));
  });

  it('When 30 creates for 10 users run at once, Then exactly 10 addresses at 10 distinct indices, one 201 per user', async () => {
    const users = Array.from({ length: 10 }, (_, i) => `burst-${i}`);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => users[i % 10]!).map(async (u) => ({ u, r: await create(acme, { externalUserId: u }) })),
    );
    const byUser = new Map<string, HttpResult[]>();
    for (const { u, r } of results) byUser.set(u, [...(byUser.get(u) ?? []), r]);
    for (const rs of byUser.values()) {
      expect(rs.map((r) => r.status).sort()).toEqual([200, 200, 201]);
      expect(new Set(rs.map((r) => r.body.data.addresses[0].address)).size).toBe(1);
    }
    const rows = await ctx.db.depositAddress.findMany({ where: { operatorId: acme.id, externalUserId: { in: users } } });
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((r) => r.hdIndex)).size).toBe(10);
    expect(new Set(rows.map((r) => r.address)).size).toBe(10);
    // max+1 under one lock: the indices handed out so far are exactly 0..n-1, none skipped or repeated.
    const all = (await ctx.db.depositAddress.findMany({ select: { hdIndex: true } })).map((r) => r.hdIndex).sort((a, b) => a - b);
    expect(all).toEqual(all.map((_, i) => i));
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   '],
    ['longer than 255 characters', 'x'.repeat(256)],
    ['a number', 42],
  ])('When externalUserId is %s, Then 400 VALIDATION_ERROR naming it and nothing is written', async (_what, externalUserId) => {
    const count = await ctx.db.depositAddress.count();
    const r = await create(acme, { externalUserId });
    expectError(r, 400, 'VALIDATION_ERROR');
    expect(detailFields(r)).toEqual(['externalUserId']);
    expect(await ctx.db.depositAddress.count()).toBe(count);
  });

  it('When email is not a string, Then 400 VALIDATION_ERROR naming email', async () => {
    const r = await create(acme, { externalUserId: 'erin', email: 7 });
    expectError(r, 400, 'VALIDATION_ERROR');
    expect(detailFields(r)).toEqual(['email']);
  });

  it('When there is no operator key or a wrong one, Then 401 and nothing is written', async () => {
    const count = await ctx.db.depositAddress.count();
    expectError(await api('POST', '/depositor/create', { json: { externalUserId: 'nokey' } }), 401, 'UNAUTHORIZED');
    expectError(await api('POST', '/depositor/create', { token: 'sk_wrong', json: { externalUserId: 'nokey' } }), 401, 'UNAUTHORIZED');
    expect(await ctx.db.depositAddress.count()).toBe(count);
  });
});

describe('GET /depositor/:externalUserId/check', () => {
  it('When the user is unknown, Then 200 with exists false and empty lists', async () => {
    const r = await check(acme, 'nobody');
    expectEnvelope(r, 200);
    expect(r.body.data).toEqual({ exists: false, externalUserId: 'nobody', addresses: [], deposits: [] });
  });

  it("When another operator's user is checked, Then it reads as unknown", async () => {
    await createdAddress(other, 'others-only');
    expect((await check(acme, 'others-only')).body.data).toEqual({ exists: false, externalUserId: 'others-only', addresses: [], deposits: [] });
  });

  it('When a user without deposits is checked, Then exists true with its addresses', async () => {
    const address = await createdAddress(acme, 'user with/odd?chars');
    const r = await check(acme, 'user with/odd?chars');
    expectEnvelope(r, 200);
    expect(r.body.data).toEqual({ exists: true, externalUserId: 'user with/odd?chars', addresses: onEveryChain(address), deposits: [] });
  });

  it('When the user has deposits, Then they are listed latest first: net once credited, gross before', async () => {
    const address = await createdAddress(acme, 'frank');
    const base = { chainId: devChainId, operatorId: acme.id, externalUserId: 'frank', depositAddress: address, blockHash: '0xabc' };
    const uint256Max = (2n ** 256n - 1n).toString();
    const credited = await ctx.db.deposit.create({
      data: {
        ...base, txHash: '0x01', logIndex: 0, blockNumber: 10, tokenAddress: usdc.address, symbol: 'USDC', decimals: 6,
        grossAmount: '1000000', feeAmount: '10000', amount: '990000', status: 'CREDITED',
        confirmedAt: new Date('2025-01-02T03:04:05.678Z'), createdAt: new Date('2025-01-02T03:04:00Z'),
      },
    });
    const confirming = await ctx.db.deposit.create({
      data: {
        ...base, txHash: '0x02', logIndex: -1, blockNumber: 11, tokenAddress: null, symbol: 'ETH', decimals: 18,
        grossAmount: uint256Max, createdAt: new Date('2025-01-03T00:00:00Z'),
      },
    });
    // The same externalUserId under another operator: never part of acme's answer.
    await ctx.db.deposit.create({
      data: { ...base, operatorId: other.id, txHash: '0x03', logIndex: 0, blockNumber: 12, symbol: 'ETH', decimals: 18, grossAmount: '5' },
    });

    const r = await check(acme, 'frank');
    expectEnvelope(r, 200);
    expect(r.body.data.exists).toBe(true);
    expect(r.body.data.deposits).toEqual([
      { depositId: confirming.id.toString(), chainId: devChainId, symbol: 'ETH', amount: uint256Max, status: 'CONFIRMING', transactionHash: '0x02', confirmedAt: null },
      {
        depositId: credited.id.toString(), chainId: devChainId, symbol: 'USDC', amount: '990000', status: 'CREDITED',
        transactionHash: '0x01', confirmedAt: '2025-01-02T03:04:05.678Z',
      },
    ]);
  });

  it('When the user has more than 50 deposits, Then the latest 50 are listed', async () => {
    const address = await createdAddress(acme, 'whale');
    await ctx.db.deposit.createMany({
      data: Array.from({ length: 55 }, (_, i) => ({
        chainId: devChainId, txHash: `0xwhale${i}`, logIndex: 0, blockNumber: i, blockHash: '0xabc', operatorId: acme.id,
        externalUserId: 'whale', depositAddress: address, symbol: 'ETH', decimals: 18, grossAmount: String(i + 1),
        createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
      })),
    });
    const { deposits } = (await check(acme, 'whale')).body.data;
    expect(deposits).toHaveLength(50);
    expect(deposits[0].transactionHash).toBe('0xwhale54');
    expect(deposits[49].transactionHash).toBe('0xwhale5');
  });

  it("When a parent checks a sub-operator's user, Then it sees it; the sub-operator does not see the parent's", async () => {
    const childAddress = await createdAddress(child, 'kid-user');
    const r = await check(parent, 'kid-user');
    expect(r.body.data).toMatchObject({ exists: true, addresses: onEveryChain(childAddress) });
    await createdAddress(parent, 'parent-user');
    expect((await check(child, 'parent-user')).body.data.exists).toBe(false);
  });

  it('When the id exists under the parent and a sub-operator, Then the parent sees its own', async () => {
    await createdAddress(child, 'both');
    const own = await createdAddress(parent, 'both');
    expect((await check(parent, 'both')).body.data.addresses).toEqual(onEveryChain(own));
  });

  it('When the path id is longer than 255 characters, Then 400 VALIDATION_ERROR naming externalUserId', async () => {
    const r = await check(acme, 'x'.repeat(256));
    expectError(r, 400, 'VALIDATION_ERROR');
    expect(detailFields(r)).toEqual(['externalUserId']);
  });

  it('When there is no operator key, Then 401', async () => {
    expectError(await api('GET', '/depositor/alice/check'), 401, 'UNAUTHORIZED');
  });
});

describe('POST /depositor/address (widget, sid)', () => {
  it('When USDC is asked for, Then the session user\'s address with the token, its decimals and an EIP-681 transfer URI', async () => {
    const session = await openSession(acme, 'deposit', 'widget-user');
    const r = await addressFor({ sid: session.sid, currency: 'USDC', chainId: devChainId });
    expectEnvelope(r, 200);
    const { address } = r.body.data;
    expect(r.body.data).toEqual({
      address,
      chainId: devChainId,
      currency: 'USDC',
      tokenAddress: usdc.address,
      decimals: 6,
      paymentUri: `ethereum:${usdc.address}@${devChainId}/transfer?address=${address}`,
      expiresAt: session.expiresAt,
    });
    // The same user through the operator API: the address already exists, so 200 and the same one.
    const created = await create(acme, { externalUserId: 'widget-user' });
    expect(created.status).toBe(200);
    expect(created.body.data.addresses).toEqual(onEveryChain(address));
  });

  it('When the native asset is asked for, on either active EVM chain, Then the same address with a native EIP-681 URI', async () => {
    const address = await createdAddress(acme, 'native-user');
    const { sid, expiresAt } = await openSession(acme, 'deposit', 'native-user');
    for (const chainId of [devChainId, BASE]) {
      const r = await addressFor({ sid, currency: 'ETH', chainId });
      expectEnvelope(r, 200);
      expect(r.body.data).toEqual({
        address, chainId, currency: 'ETH', tokenAddress: null, decimals: 18, paymentUri: `ethereum:${address}@${chainId}`, expiresAt,
      });
    }
  });

  it("When sessions of two operators name the same externalUserId, Then each gets its own operator's address", async () => {
    const acmeAddress = await createdAddress(acme, 'twin');
    const otherSession = await openSession(other, 'deposit', 'twin');
    const r = await addressFor({ sid: otherSession.sid, currency: 'ETH', chainId: devChainId });
    expect(r.body.data.address).not.toBe(acmeAddress);
    expect(r.body.data.address).toBe(await createdAddress(other, 'twin'));
  });

  describe('rejections', () => {
    let sid: string;
    beforeAll(async () => {
      sid = (await openSession(acme, 'deposit', 'rejected-user')).sid;
    });

    it.each([
      ['an unknown currency', { currency: 'DOGE', chainId: devChainId }, ['currency']],
      ['a token that is only inactive', { currency: 'OLD', chainId: devChainId }, ['currency']],
      ['a currency in the wrong case', { currency: 'usdc', chainId: devChainId }, ['currency']],
      ['an unknown chain', { currency: 'ETH', chainId: 424242 }, ['chainId']],
      ['an inactive chain', { currency: 'ETH', chainId: INACTIVE }, ['chainId']],
      ['a non-EVM chain', { currency: 'TRX', chainId: TRON }, ['chainId']],
      ['chainId as a string', { currency: 'ETH', chainId: String(devChainId) }, ['chainId']],
      ['no currency', { chainId: devChainId }, ['currency']],
      ['no chainId', { currency: 'ETH' }, ['chainId']],
      ['neither', {}, ['chainId', 'currency']],
    ])('When the body has %s, Then 400 VALIDATION_ERROR naming the field and no address is allocated', async (_what, fields, named) => {
      const count = await ctx.db.depositAddress.count();
      const r = await addressFor({ sid, ...fields });
      expectError(r, 400, 'VALIDATION_ERROR');
      expect(detailFields(r)).toEqual(named);
      expect(await ctx.db.depositAddress.count()).toBe(count);
    });

    it('When the sid is a withdraw session, Then 400 VALIDATION_ERROR naming sid', async () => {
      const withdraw = await openSession(acme, 'withdraw', 'rejected-user');
      const r = await addressFor({ sid: withdraw.sid, currency: 'ETH', chainId: devChainId });
      expectError(r, 400, 'VALIDATION_ERROR');
      expect(detailFields(r)).toEqual(['sid']);
    });

    it('When the sid is well formed but unknown, Then 404 SESSION_NOT_FOUND', async () => {
      expectError(await addressFor({ sid: '6f1c1c1e-2d2b-4c8e-9a51-0c0f6c2b9e11', currency: 'ETH', chainId: devChainId }), 404, 'SESSION_NOT_FOUND');
    });

    it.each([
      ['malformed', 'not-a-uuid'],
      ['missing', undefined],
    ])('When the sid is %s, Then 400 VALIDATION_ERROR naming sid', async (_what, badSid) => {
      const r = await addressFor({ sid: badSid, currency: 'ETH', chainId: devChainId });
      expectError(r, 400, 'VALIDATION_ERROR');
      expect(detailFields(r)).toEqual(['sid']);
    });

    it('When the session was cancelled, Then 400 SESSION_NOT_OPEN', async () => {
      const s = await openSession(acme, 'deposit', 'cancelled-user');
      expect((await api('POST', `/session/${s.sid}/cancel`, { token: acme.apiKey })).status).toBe(200);
      expectError(await addressFor({ sid: s.sid, currency: 'ETH', chainId: devChainId }), 400, 'SESSION_NOT_OPEN');
    });
  });
});

describe('POST /depositor/address on an expired session (SESSION_TTL_SECONDS=1)', () => {
  let short: TestContext;
  beforeAll(async () => {
    short = await createTestContext({ env: { SESSION_TTL_SECONDS: '1' } });
  });
  afterAll(() => short?.close());

  it('When the session has passed its TTL, Then 400 SESSION_EXPIRED and no address is allocated', async () => {
    const op = await createOperator(short.db, short.config.SECRETS_KEY, { name: 'Short' });
    const s = await http(short.apiUrl, 'POST', '/session/deposit', { token: op.apiKey, json: { ...sessionBody, externalUserId: 'late' } });
    expect(s.status).toBe(201);
    await delay(1200);
    const r = await http(short.apiUrl, 'POST', '/depositor/address', { json: { sid: s.body.data.sid, currency: 'ETH', chainId: devChainId } });
    expectError(r, 400, 'SESSION_EXPIRED');
    expect(await short.db.depositAddress.count()).toBe(0);
  });
});
