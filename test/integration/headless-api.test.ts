import { randomUUID } from 'node:crypto';
import { Wallet, ZeroAddress } from 'ethers';
import { drainGas, restoreGas, setPrice } from '../../dev/devchain/dev-commands';
import { setProxyRpc } from '../../dev/devchain/rpc-proxy';
import { OperatorId, SessionRef, WithdrawStatus, ExternalUserId } from '../../src/workflows/search-attributes';
import { expectError, headlessSuite, type HeadlessOperator } from '../support/headless-fixtures';
import { eventually } from '../support/wait';

const { ctx, receiver, f, op } = headlessSuite({ GAS_RECHECK_SECONDS: '1' });
let plain: HeadlessOperator;

beforeAll(async () => {
  plain = await f.operator({ headlessEnabled: false });
});

const nothingHeld = async (id: string) => {
  const w = await f.row(id);
  expect(w).toMatchObject({ status: 'CREATED', cryptoAmountRaw: null, cryptoAmountSent: null, amountInUsd: null, priceRate: null, capAmount: null, executedAt: null, reservation: null });
};

describe('POST /session/withdraw (HEADLESS)', () => {
  it('When a headless operator creates an intent, Then 201 with the full envelope, a CREATED mode C row and its workflow with search attributes', async () => {
    const recipient = Wallet.createRandom().address;
    const before = Date.now();
    const { sessionRef, id, created, body } = await f.intent(op.apiKey, { address: recipient.toLowerCase(), amount: '12.5' });
    expect(created.body).toEqual({ status: 'success', message: expect.any(String), data: { sessionRef, expiresAt: expect.any(String) } });
    const expiresAt = new Date(created.body.data.expiresAt).getTime();
    expect(expiresAt - before).toBeGreaterThanOrEqual(86_400_000 - 1000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(86_400_000);
    expect(await f.row(id)).toMatchObject({
      mode: 'C', status: 'CREATED', operatorId: op.id, externalUserId: body.externalUserId, operatorReference: body.operatorReference, address: recipient,
      chainId: 31337, tokenAddress: f.token('USDT').address, symbol: 'USDT', decimals: 6, fiatCurrency: 'USD', reservation: null,
    });
    expect((await f.row(id)).fiatAmount.toFixed(2)).toBe('12.50');
    const desc = await ctx.temporal.client.workflow.getHandle(`headless-${sessionRef}`).describe();
    expect(desc.status.name).toBe('RUNNING');
    expect(desc.typedSearchAttributes.get(OperatorId)).toBe(op.id);
    expect(desc.typedSearchAttributes.get(ExternalUserId)).toBe(body.externalUserId);
    expect(desc.typedSearchAttributes.get(SessionRef)).toBe(sessionRef);
    expect(desc.typedSearchAttributes.get(WithdrawStatus)).toBe('CREATED');
  });

  it('When the same reference comes with the same payload (10 = 10.00, any address case), Then the same sessionRef and expiresAt; a different payload is 409 OPERATOR_REFERENCE_CONFLICT', async () => {
    const { sessionRef, created, body } = await f.intent(op.apiKey, { amount: '10' });
    const again = await f.create(op.apiKey, { ...body, amount: '10.00', address: (body.address as string).toLowerCase(), userBalance: '5', lang: 'de' });
    expect(again.status).toBe(201);
    expect(again.body.data).toEqual(created.body.data);
    for (const change of [{ amount: '10.01' }, { address: Wallet.createRandom().address }, { tokenAddress: f.token('USDC').address }, { externalUserId: 'someone-else' }, { platformFiatCurrency: 'EUR' }]) {
      const r = await f.create(op.apiKey, { ...body, ...change });
      expectError(r, 409, 'OPERATOR_REFERENCE_CONFLICT');
    }
    expect(await ctx.db.withdrawal.count({ where: { operatorReference: body.operatorReference } })).toBe(1);
    expect((await ctx.db.withdrawal.findFirstOrThrow({ where: { sessionRef, mode: 'C' } })).fiatAmount.toFixed(2)).toBe('10.00');
  });

  it('When another operator uses the same reference, Then it is its own intent (references are per operator)', async () => {
    const other = await f.operator();
    const { body, sessionRef } = await f.intent(op.apiKey);
    const r = await f.create(other.apiKey, body);
    expect(r.status).toBe(201);
    expect(r.body.data.sessionRef).not.toBe(sessionRef);
  });

  it('When headless is not enabled, Then 403 HEADLESS_NOT_ENABLED before anything else, on create and on every headless endpoint', async () => {
    expectError(await f.create(plain.apiKey, { executionMode: 'HEADLESS' }), 403, 'HEADLESS_NOT_ENABLED');
    const { sessionRef } = await f.intent(op.apiKey);
    expectError(await f.options(plain.apiKey), 403, 'HEADLESS_NOT_ENABLED');
    expectError(await f.options(plain.apiKey, sessionRef), 403, 'HEADLESS_NOT_ENABLED');
    // Generic: the same answer whether the intent exists or not.
    for (const ref of [sessionRef, 'sr_does_not_exist']) {
      expectError(await f.execute(plain.apiKey, ref), 403, 'HEADLESS_NOT_ENABLED');
      expectError(await f.record(plain.apiKey, ref), 403, 'HEADLESS_NOT_ENABLED');
      expectError(await f.cancel(plain.apiKey, ref), 403, 'HEADLESS_NOT_ENABLED');
    }
  });

  it.each([[undefined], [null], [''], ['   ']])('When operatorReference is %j, Then 400 OPERATOR_REFERENCE_REQUIRED', async (operatorReference) => {
    expectError(await f.create(op.apiKey, f.body({ operatorReference })), 400, 'OPERATOR_REFERENCE_REQUIRED');
  });

  it.each([['10.001'], ['0'], ['-1'], [10]])('When amount is %j, Then 400 VALIDATION_ERROR naming amount', async (amount) => {
    const r = await f.create(op.apiKey, f.body({ amount }));
    expectError(r, 400, 'VALIDATION_ERROR');
    expect(r.body.details.map((d: { field: string }) => d.field)).toEqual(['amount']);
  });

  it('When the recipient is the zero address, Then 400 HEADLESS_INVALID_RECIPIENT', async () => {
    expectError(await f.create(op.apiKey, f.body({ address: ZeroAddress })), 400, 'HEADLESS_INVALID_RECIPIENT');
  });

  it.each([
    ['a Tron address', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8'],
    ['a bad checksum', '0x52908400098527886e0F7030069857D2E4169EE7'],
    ['too short', '0x1234'],
    ['a Bitcoin address', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
  ])('When the recipient is %s, Then 400 without errorCode', async (_what, address) => {
    const r = await f.create(op.apiKey, f.body({ address }));
    expectError(r, 400);
    expect(r.body.details).toEqual([{ field: 'address', message: expect.any(String) }]);
  });

  it('When the chain is unknown, inactive, Tron, or unreachable from this deployment, Then 400 HEADLESS_UNSUPPORTED_CHAIN (before the token is looked at)', async () => {
    await ctx.db.chain.create({ data: { chainId: 9001, name: 'Off', nativeSymbol: 'OFF', depositConfirmations: 1, withdrawConfirmations: 1, active: false } });
    await ctx.db.chain.create({ data: { chainId: 728126428, name: 'Tron', type: 'TRON', nativeSymbol: 'TRX', depositConfirmations: 1, withdrawConfirmations: 1 } });
    await ctx.db.chain.create({ data: { chainId: 9002, name: 'No RPC', nativeSymbol: 'NR', depositConfirmations: 1, withdrawConfirmations: 1 } });
    for (const chainId of [1, 9001, 728126428, 9002]) {
      expectError(await f.create(op.apiKey, f.body({ chainId })), 400, 'HEADLESS_UNSUPPORTED_CHAIN');
      expectError(await f.create(op.apiKey, f.body({ chainId, tokenAddress: ZeroAddress })), 400, 'HEADLESS_UNSUPPORTED_CHAIN');
      expectError(await f.create(op.apiKey, f.body({ chainId, tokenAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' })), 400, 'HEADLESS_UNSUPPORTED_CHAIN');
    }
  });

  it('When the token is native, unregistered or inactive, Then 400 HEADLESS_UNSUPPORTED_TOKEN; a malformed token address is 400 without errorCode', async () => {
    const inactive = Wallet.createRandom().address;
    await ctx.db.token.create({ data: { chainId: 31337, address: inactive, symbol: 'OLD', displaySymbol: 'OLD', name: 'Old', decimals: 6, active: false } });
    for (const tokenAddress of [ZeroAddress, Wallet.createRandom().address, inactive]) {
      expectError(await f.create(op.apiKey, f.body({ tokenAddress })), 400, 'HEADLESS_UNSUPPORTED_TOKEN');
    }
    const r = await f.create(op.apiKey, f.body({ tokenAddress: 'not-an-address' }));
    expectError(r, 400);
    expect(r.body.details).toEqual([{ field: 'tokenAddress', message: expect.any(String) }]);
  });

  it('When the fiat has no configured exchange rate, Then 400 VALIDATION_ERROR naming platformFiatCurrency', async () => {
    const r = await f.create(op.apiKey, f.body({ platformFiatCurrency: 'JPY' }));
    expectError(r, 400, 'VALIDATION_ERROR');
    expect(r.body.details[0].field).toBe('platformFiatCurrency');
  });
  it('When an intent row exists without its workflow (a start lost after the commit), Then re-creating it starts the workflow, and so does execute', async () => {
    const orphan = async (reference: string) => {
      const body = f.body({ operatorReference: reference });
      const row = await ctx.db.withdrawal.create({
        data: {
          id: randomUUID(), operatorId: op.id, mode: 'C', status: 'CREATED', sessionRef: `sr_orphan_${reference}`, externalUserId: body.externalUserId,
          operatorReference: reference, address: body.address, chainId: 31337, tokenAddress: body.tokenAddress, symbol: 'USDT', decimals: 6,
          fiatAmount: '10.00', fiatCurrency: 'USD', expiresAt: new Date(Date.now() + 3_600_000),
        },
      });
      return { row, body };
    };
    const a = await orphan(`orphan-a-${Date.now()}`);
    const again = await f.create(op.apiKey, a.body);
    expect(again.body.data).toEqual({ sessionRef: a.row.sessionRef, expiresAt: a.row.expiresAt!.toISOString() });
    expect((await ctx.temporal.client.workflow.getHandle(`headless-${a.row.sessionRef}`).describe()).status.name).toBe('RUNNING');
    const b = await orphan(`orphan-b-${Date.now()}`);
    expect((await f.execute(op.apiKey, b.row.sessionRef)).status).toBe(202);
    expect((await f.row(b.row.id)).reservation!.status).toBe('ACTIVE');
  });
});

describe('operator scope', () => {
  it("When another operator names an intent, Then 404 NOT_FOUND on every endpoint; a parent reaches its sub-operator's", async () => {
    const parent = await f.operator();
    const child = await f.operator({ parentId: parent.id });
    const stranger = await f.operator();
    const { sessionRef } = await f.intent(child.apiKey);
    expectError(await f.record(stranger.apiKey, sessionRef), 404, 'NOT_FOUND');
    expectError(await f.options(stranger.apiKey, sessionRef), 404, 'NOT_FOUND');
    expectError(await f.execute(stranger.apiKey, sessionRef), 404, 'NOT_FOUND');
    expectError(await f.cancel(stranger.apiKey, sessionRef), 404, 'NOT_FOUND');
    expect((await f.record(parent.apiKey, sessionRef)).status).toBe(200);
    expect((await f.options(parent.apiKey, sessionRef)).status).toBe(200);
  });
});

describe('GET /withdraw/options', () => {
  it('When listed without sessionRef, Then every active token with the on-chain balance, reservations and the remainder in token units, and nothing is reserved', async () => {
    await f.settleInFlight(); // earlier tests' payouts would move the balance under the comparison
    const reservations = await ctx.db.reservation.count();
    const r = await f.options(op.apiKey);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'success', message: expect.any(String), data: { options: expect.any(Array) } });
    const usdt = r.body.data.options.find((o: any) => o.symbol === 'USDT');
    const onChain = await f.balanceOf(f.token('USDT').address, f.bankroll);
    expect(usdt).toEqual({
      chainId: 31337, chainName: ctx.services.registry.name, tokenAddress: f.token('USDT').address, symbol: 'USDT', displaySymbol: 'USDT',
      name: expect.any(String), decimals: 6, bankrollBalance: expect.any(String), reservedAmount: expect.any(String), availableAmount: expect.any(String), status: 'AVAILABLE',
    });
    expect(BigInt(usdt.bankrollBalance.replace('.', ''))).toBe(onChain);
    expect(BigInt(usdt.availableAmount.replace('.', ''))).toBe(onChain - BigInt(usdt.reservedAmount.replace('.', '')));
    expect(r.body.data.options.map((o: any) => o.symbol).sort()).toEqual(expect.arrayContaining(['USDC', 'USDT', 'WETH']));
    expect(await ctx.db.reservation.count()).toBe(reservations);
  });

  it('When an intent needs more than the free liquidity, Then UNAVAILABLE for its sessionRef; an executed intent\'s reservation shows and its own liquidity counts as held', async () => {
    const tiny = await f.deployToken('TINY', 6, 15_000_000n); // 15 units
    const small = await f.intent(op.apiKey, { tokenAddress: tiny, amount: '10.00' });
    const big = await f.intent(op.apiKey, { tokenAddress: tiny, amount: '20.00' });
    const check = async (ref: string) => (await f.options(op.apiKey, ref)).body.data.options;
    expect(await check(small.sessionRef)).toEqual([expect.objectContaining({ symbol: 'TINY', bankrollBalance: '15.000000', reservedAmount: '0.000000', availableAmount: '15.000000', status: 'AVAILABLE' })]);
    expect((await check(big.sessionRef))[0].status).toBe('UNAVAILABLE');
    await drainGas({ nodeUrl: f.nodeUrl, address: f.bankroll }); // keeps the payout from completing under the checks
    try {
      expect((await f.execute(op.apiKey, small.sessionRef)).status).toBe(202);
      const after = (await check(small.sessionRef))[0];
      expect(after).toMatchObject({ bankrollBalance: '15.000000', reservedAmount: '10.000000', availableAmount: '5.000000' });
      expect(after.status).toBe('AVAILABLE'); // its own liquidity is held
    } finally {
      await restoreGas({ nodeUrl: f.nodeUrl, address: f.bankroll });
    }
    await ctx.db.token.update({ where: { chainId_address: { chainId: 31337, address: tiny } }, data: { active: false } });
    expect((await check(big.sessionRef))[0].status).toBe('UNAVAILABLE');
  });

  it('When the price is stale, Then UNKNOWN; when the RPC is down, Then UNKNOWN with an unknown balance', async () => {
    const { sessionRef } = await f.intent(op.apiKey);
    await setPrice({ nodeUrl: f.nodeUrl, registry: ctx.services.registry, symbol: 'USDT', stale: true });
    try {
      expect((await f.options(op.apiKey, sessionRef)).body.data.options[0].status).toBe('UNKNOWN');
    } finally {
      await setPrice({ nodeUrl: f.nodeUrl, registry: ctx.services.registry, symbol: 'USDT', usd: '1' });
    }
    await setProxyRpc(ctx.services.chainRpcUrl, false);
    try {
      const [o] = (await f.options(op.apiKey, sessionRef)).body.data.options;
      expect(o).toMatchObject({ status: 'UNKNOWN', bankrollBalance: null, availableAmount: null, reservedAmount: expect.any(String) });
    } finally {
      await setProxyRpc(ctx.services.chainRpcUrl, true);
    }
    expect((await f.options(op.apiKey, sessionRef)).body.data.options[0].status).toBe('AVAILABLE');
  });
});

describe('POST /withdrawals/:sessionRef/execute', () => {
  it('When a CREATED intent is executed, Then 202 with the locked price and amounts, one ACTIVE reservation, and a replay answers the same with replayed true', async () => {
    const { sessionRef, id } = await f.intent(op.apiKey, { platformFiatCurrency: 'EUR', amount: '10.00' });
    const r = await f.execute(op.apiKey, sessionRef);
    expect(r.status).toBe(202);
    // 10 EUR / 0.92 = 10.869565... USD = 10.869565 USDT (rounded down at the token's 6 decimals)
    expect(r.body).toEqual({
      status: 'success', message: expect.any(String),
      data: {
        sessionRef, withdrawRequestId: id, withdrawalStatus: 'EXECUTION_QUEUED', chainId: 31337, tokenAddress: f.token('USDT').address, symbol: 'USDT',
        fiatAmount: '10.00', fiatCurrency: 'EUR', cryptoAmountSent: '10.86956500', amountInUsd: '10.869565', priceRate: '1',
        expiresAt: expect.any(String), executedAt: expect.any(String), replayed: false,
      },
    });
    const w = await f.row(id);
    expect(w.reservation).toMatchObject({ chainId: 31337, tokenAddress: f.token('USDT').address });
    expect(['ACTIVE', 'CONSUMED']).toContain(w.reservation!.status); // held, or already consumed by its payout
    expect(w.reservation!.rawAmount.toFixed(0)).toBe('10869565');
    expect(w.cryptoAmountRaw!.toFixed(0)).toBe('10869565');
    expect(w.capCurrency).toBe('USD');
    expect(w.capAmount!.toFixed(6)).toBe('10.869566'); // the cap counts the USD value rounded up
    const replay = await f.execute(op.apiKey, sessionRef);
    expect(replay.status).toBe(202);
    expect(replay.body.data).toEqual({ ...r.body.data, replayed: true });
    expect(await ctx.db.reservation.count({ where: { withdrawalId: id } })).toBe(1);
  });

  it('When the price feed is stale, Then 503 PRICE_UNAVAILABLE and the intent stays CREATED with nothing written; once fresh, execute works', async () => {
    const { sessionRef, id } = await f.intent(op.apiKey);
    await setPrice({ nodeUrl: f.nodeUrl, registry: ctx.services.registry, symbol: 'USDT', stale: true });
    try {
      expectError(await f.execute(op.apiKey, sessionRef), 503, 'PRICE_UNAVAILABLE');
      await nothingHeld(id);
    } finally {
      await setPrice({ nodeUrl: f.nodeUrl, registry: ctx.services.registry, symbol: 'USDT', usd: '1' });
    }
    expect((await f.execute(op.apiKey, sessionRef)).status).toBe(202);
  });

  it('When the chain RPC is down, Then 503 PRICE_UNAVAILABLE (the first check that fails) and nothing is reserved', async () => {
    const { sessionRef, id } = await f.intent(op.apiKey);
    await setProxyRpc(ctx.services.chainRpcUrl, false);
    try {
      const r = await f.execute(op.apiKey, sessionRef);
      expectError(r, 503, 'PRICE_UNAVAILABLE');
      expect(r.text).not.toMatch(/ECONNRESET|socket|JsonRpc|127\.0\.0\.1/i);
      await nothingHeld(id);
    } finally {
      await setProxyRpc(ctx.services.chainRpcUrl, true);
    }
  });

  it('When the bankroll balance cannot be read, Then 503 BALANCE_UNAVAILABLE and nothing is reserved', async () => {
    // A registered "token" whose contract has no balanceOf (the USDT price feed itself), priced by that feed.
    const feed = f.token('USDT').priceFeed;
    await ctx.db.token.create({ data: { chainId: 31337, address: feed, symbol: 'NOBAL', displaySymbol: 'NOBAL', name: 'No balance', decimals: 6, priceFeed: feed } });
    const { sessionRef, id } = await f.intent(op.apiKey, { tokenAddress: feed });
    expectError(await f.execute(op.apiKey, sessionRef), 503, 'BALANCE_UNAVAILABLE');
    await nothingHeld(id);
  });

  it('When the bankroll minus active reservations cannot fund it, Then 409 INSUFFICIENT_LIQUIDITY and nothing is reserved', async () => {
    const scarce = await f.deployToken('SCARCE', 6, 25_000_000n);
    const first = await f.intent(op.apiKey, { tokenAddress: scarce, amount: '20.00' });
    const second = await f.intent(op.apiKey, { tokenAddress: scarce, amount: '5.01' });
    const exact = await f.intent(op.apiKey, { tokenAddress: scarce, amount: '5.00' });
    // Without gas nothing is paid meanwhile: a mined payout stays reserved until it completes, so it would count twice.
    await drainGas({ nodeUrl: f.nodeUrl, address: f.bankroll });
    try {
      expect((await f.execute(op.apiKey, first.sessionRef)).status).toBe(202);
      expectError(await f.execute(op.apiKey, second.sessionRef), 409, 'INSUFFICIENT_LIQUIDITY');
      await nothingHeld(second.id);
      expect((await f.execute(op.apiKey, exact.sessionRef)).status).toBe(202);
    } finally {
      await restoreGas({ nodeUrl: f.nodeUrl, address: f.bankroll });
    }
  });

  it('When the amount exceeds the single-withdrawal limit, Then 400 WITHDRAW_AMOUNT_TOO_HIGH with nothing written; at the limit it passes', async () => {
    const capped = await f.operator({ withdrawApprovalMaxAmount: '50' });
    const over = await f.intent(capped.apiKey, { amount: '50.01' });
    expectError(await f.execute(capped.apiKey, over.sessionRef), 400, 'WITHDRAW_AMOUNT_TOO_HIGH');
    await nothingHeld(over.id);
    expect((await f.execute(capped.apiKey, (await f.intent(capped.apiKey, { amount: '50.00' })).sessionRef)).status).toBe(202);
    const zero = await f.operator({ withdrawApprovalMaxAmount: '0' });
    expectError(await f.execute(zero.apiKey, (await f.intent(zero.apiKey, { amount: '0.01' })).sessionRef), 400, 'WITHDRAW_AMOUNT_TOO_HIGH');
  });

  it('When the rolling 24 h total would pass the daily limit, Then 400 DAILY_LIMIT_EXCEEDED with nothing written; up to it, accepted', async () => {
    const capped = await f.operator({ withdrawApprovalDailyMaxAmount: '30' });
    expect((await f.execute(capped.apiKey, (await f.intent(capped.apiKey, { amount: '20.00' })).sessionRef)).status).toBe(202);
    const over = await f.intent(capped.apiKey, { amount: '10.01' });
    expectError(await f.execute(capped.apiKey, over.sessionRef), 400, 'DAILY_LIMIT_EXCEEDED');
    await nothingHeld(over.id);
    expect((await f.execute(capped.apiKey, (await f.intent(capped.apiKey, { amount: '10.00' })).sessionRef)).status).toBe(202);
  });

  it('When the intent is in another currency than a non-USD cap, or counted history is unverifiable, Then 409 WITHDRAW_CAP_UNVERIFIABLE', async () => {
    const eur = await f.operator({ platformFiatDefault: 'EUR', withdrawApprovalDailyMaxAmount: '1000' });
    const gbp = await f.intent(eur.apiKey, { platformFiatCurrency: 'GBP' });
    expectError(await f.execute(eur.apiKey, gbp.sessionRef), 409, 'WITHDRAW_CAP_UNVERIFIABLE');
    await nothingHeld(gbp.id);
    expect((await f.execute(eur.apiKey, (await f.intent(eur.apiKey, { platformFiatCurrency: 'EUR' })).sessionRef)).status).toBe(202);

    // Without limits a GBP intent is accepted and held with no EUR cap value; once a limit is set it cannot be counted.
    const later = await f.operator({ platformFiatDefault: 'EUR' });
    const held = await f.intent(later.apiKey, { platformFiatCurrency: 'GBP', tokenAddress: await f.deployToken('HOLD', 6, 5_000_000n), amount: '2.00' });
    expect((await f.execute(later.apiKey, held.sessionRef)).status).toBe(202);
    await ctx.db.operator.update({ where: { id: later.id }, data: { withdrawApprovalDailyMaxAmount: '1000' } });
    const next = await f.intent(later.apiKey, { platformFiatCurrency: 'EUR' });
    expectError(await f.execute(later.apiKey, next.sessionRef), 409, 'WITHDRAW_CAP_UNVERIFIABLE');
    await nothingHeld(next.id);
  });

  it('When the locked chain or token is no longer supported at execute, Then 409 HEADLESS_UNSUPPORTED_CHAIN / TOKEN and nothing is reserved', async () => {
    const onChain = await f.intent(op.apiKey);
    await ctx.db.chain.update({ where: { chainId: 31337 }, data: { active: false } });
    try {
      expectError(await f.execute(op.apiKey, onChain.sessionRef), 409, 'HEADLESS_UNSUPPORTED_CHAIN');
    } finally {
      await ctx.db.chain.update({ where: { chainId: 31337 }, data: { active: true } });
    }
    await nothingHeld(onChain.id);
    const gone = await f.deployToken('GONE', 6, 100_000_000n);
    const onToken = await f.intent(op.apiKey, { tokenAddress: gone });
    await ctx.db.token.update({ where: { chainId_address: { chainId: 31337, address: gone } }, data: { active: false } });
    expectError(await f.execute(op.apiKey, onToken.sessionRef), 409, 'HEADLESS_UNSUPPORTED_TOKEN');
    await nothingHeld(onToken.id);
  });

  it("When a parent executes its sub-operator's intent, Then the sub-operator's caps apply (not the parent's)", async () => {
    const parent = await f.operator();
    const child = await f.operator({ parentId: parent.id, withdrawApprovalMaxAmount: '5' });
    const big = await f.intent(child.apiKey, { amount: '6.00' });
    expectError(await f.execute(parent.apiKey, big.sessionRef), 400, 'WITHDRAW_AMOUNT_TOO_HIGH');
    const ok = await f.intent(child.apiKey, { amount: '5.00' });
    const r = await f.execute(parent.apiKey, ok.sessionRef);
    expect(r.status).toBe(202);
    expect((await f.row(ok.id)).capCurrency).toBe('USD');
  });

  it('When an intent was cancelled, Then execute is 409 HEADLESS_INTENT_NOT_EXECUTABLE', async () => {
    const { sessionRef } = await f.intent(op.apiKey);
    expect((await f.cancel(op.apiKey, sessionRef)).status).toBe(200);
    expectError(await f.execute(op.apiKey, sessionRef), 409, 'HEADLESS_INTENT_NOT_EXECUTABLE');
  });
});

describe('cancel and the status record', () => {
  it('When a CREATED intent is cancelled, Then CANCELLED, WITHDRAW_CANCELLED (unpriced, CANCELLED_BY_OPERATOR, eventId = X-Event-Id), and a second cancel is 409', async () => {
    const { sessionRef, id, body } = await f.intent(op.apiKey, { externalUserId: 'cancel & co' });
    const r = await f.cancel(op.apiKey, sessionRef);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'success', message: expect.any(String), data: { sessionRef, withdrawRequestId: id, withdrawalStatus: 'CANCELLED' } });
    const [e] = await f.waitEvents(id, 1, 'WITHDRAW_CANCELLED');
    expect(e).toMatchObject({
      withdrawRequestId: id, sessionRef, externalUserId: 'cancel & co', status: 'CANCELLED', type: 'DIRECT_TRANSFER', address: body.address,
      cryptoCurrencyCode: 'USDT', fiatCurrencyCode: 'USD', fiatAmount: '10.00', cryptoAmount: 'null', cryptoAmountSent: 'null', amountInUsd: 'null',
      reasonCode: 'CANCELLED_BY_OPERATOR',
    });
    expect(e).not.toHaveProperty('retryable');
    const delivery = receiver.received.find((x) => x.body.includes(id))!;
    expect(delivery.headers['x-event-id']).toBe(e!.eventId);
    expectError(await f.cancel(op.apiKey, sessionRef), 409, 'HEADLESS_CANCEL_NOT_ALLOWED');
    const record = await eventually(async () => {
      const rec = (await f.record(op.apiKey, sessionRef)).body.data;
      return rec.callbackState === 'DELIVERED' ? rec : null;
    }, 15_000, 'callback delivered');
    expect(record).toMatchObject({ status: 'CANCELLED', retryable: null, txHash: null, txState: 'NONE', reasonCode: 'CANCELLED_BY_OPERATOR', cryptoAmountSent: null });
  });

  it('When the record of a fresh intent is read, Then exactly the contract fields with NONE states', async () => {
    const { sessionRef, id, body } = await f.intent(op.apiKey, { amount: '7.5' });
    const r = await f.record(op.apiKey, sessionRef);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      status: 'success', message: expect.any(String),
      data: {
        sessionRef, withdrawRequestId: id, status: 'CREATED', retryable: null, txHash: null, txState: 'NONE', confirmations: 0, requiredConfirmations: 2,
        callbackState: 'NONE', reasonCode: null, fiatAmount: '7.50', fiatCurrency: 'USD', cryptoAmountSent: null, amountInUsd: null, symbol: 'USDT',
        chainId: 31337, tokenAddress: f.token('USDT').address, address: body.address, createdAt: expect.any(String), updatedAt: expect.any(String),
        expiresAt: expect.any(String),
      },
    });
  });
});
