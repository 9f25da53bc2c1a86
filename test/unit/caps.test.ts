import Decimal from 'decimal.js';
import { capAmountOf, checkCaps, platformFiat, type CapAmount, type CapCheck } from '../../src/domain/caps';

const d = (v: string) => new Decimal(v);
const ok = (v: string): CapAmount => ({ ok: true, value: d(v) });
const bad: CapAmount = { ok: false, reason: 'unverifiable' };
const check = (c: Partial<CapCheck>) => checkCaps({ candidate: ok('10'), singleLimit: null, dailyLimit: null, counted: [], ...c });

describe('platformFiat (spec 8 rule 1)', () => {
  it('When platformFiatDefault is set, Then it wins over openingBalanceCurrency', () => {
    expect(platformFiat({ platformFiatDefault: 'EUR', openingBalanceCurrency: 'GBP' })).toBe('EUR');
  });
  it('When only openingBalanceCurrency is set, Then it is the platform fiat', () => {
    expect(platformFiat({ platformFiatDefault: null, openingBalanceCurrency: 'GBP' })).toBe('GBP');
  });
  it('When neither is set, Then USD', () => {
    expect(platformFiat({ platformFiatDefault: null, openingBalanceCurrency: null })).toBe('USD');
  });
});

describe('capAmountOf (spec 8 rule 1)', () => {
  it('When the cap is in USD, Then the six-decimal USD valuation counts, rounded up (never under-counted)', () => {
    expect(capAmountOf({ fiatAmount: d('10'), fiatCurrency: 'EUR', amountInUsd: d('10.8695652173913') }, 'USD')).toEqual(ok('10.869566'));
    expect(capAmountOf({ fiatAmount: d('10'), fiatCurrency: 'USD', amountInUsd: d('10') }, 'USD')).toEqual(ok('10'));
  });
  it('When the cap is in USD and the withdrawal has no USD valuation, Then it is unverifiable', () => {
    expect(capAmountOf({ fiatAmount: d('10'), fiatCurrency: 'USD', amountInUsd: null }, 'USD').ok).toBe(false);
  });
  it('When a positive payout is worth 0 USD at six decimals under a USD cap, Then it is unverifiable (never counted as zero)', () => {
    const r = capAmountOf({ fiatAmount: d('0.01'), fiatCurrency: 'IDR', amountInUsd: d('0') }, 'USD');
    expect(r).toEqual({ ok: false, reason: expect.stringMatching(/rounds to zero/) });
  });
  it('When a tiny USD value is above zero before rounding, Then it rounds up to 0.000001 and counts', () => {
    expect(capAmountOf({ fiatAmount: d('0.01'), fiatCurrency: 'IDR', amountInUsd: d('0.000000625') }, 'USD')).toEqual(ok('0.000001'));
  });
  it('When the cap is in EUR and the intent is locked in EUR, Then the locked fiat amount counts', () => {
    expect(capAmountOf({ fiatAmount: d('99.99'), fiatCurrency: 'EUR', amountInUsd: d('108.68') }, 'EUR')).toEqual(ok('99.99'));
  });
  it('When the cap is in EUR and the intent is in GBP, Then it is unverifiable (currency mismatch)', () => {
    expect(capAmountOf({ fiatAmount: d('10'), fiatCurrency: 'GBP', amountInUsd: d('12.65') }, 'EUR')).toEqual({ ok: false, reason: expect.stringMatching(/GBP.*EUR/) });
  });
});

describe('checkCaps (spec 8 rules 2-3)', () => {
  it('When both limits are null, Then there is no restriction, even for an unverifiable amount', () => {
    expect(check({ candidate: ok('1000000') })).toBe('OK');
    expect(check({ candidate: bad, counted: [bad] })).toBe('OK');
  });
  it('When the single limit is zero, Then any positive amount is too high', () => {
    expect(check({ singleLimit: d('0'), candidate: ok('0.01') })).toBe('WITHDRAW_AMOUNT_TOO_HIGH');
  });
  it('When the daily limit is zero, Then any positive amount exceeds it', () => {
    expect(check({ dailyLimit: d('0'), candidate: ok('0.01') })).toBe('DAILY_LIMIT_EXCEEDED');
  });
  it('When the amount equals the single limit, Then OK; one cent more, Then too high', () => {
    expect(check({ singleLimit: d('100'), candidate: ok('100') })).toBe('OK');
    expect(check({ singleLimit: d('100'), candidate: ok('100.01') })).toBe('WITHDRAW_AMOUNT_TOO_HIGH');
  });
  it('When counted history plus the amount reaches the daily limit exactly, Then OK; beyond it, Then exceeded', () => {
    expect(check({ dailyLimit: d('100'), counted: [ok('60'), ok('30')], candidate: ok('10') })).toBe('OK');
    expect(check({ dailyLimit: d('100'), counted: [ok('60'), ok('30')], candidate: ok('10.000001') })).toBe('DAILY_LIMIT_EXCEEDED');
  });
  it('When both limits are exceeded, Then the single limit is reported', () => {
    expect(check({ singleLimit: d('50'), dailyLimit: d('100'), counted: [ok('90')], candidate: ok('60') })).toBe('WITHDRAW_AMOUNT_TOO_HIGH');
  });
  it('When a limit is set and the candidate is unverifiable, Then unverifiable (before any comparison)', () => {
    expect(check({ singleLimit: d('1000'), candidate: bad })).toBe('WITHDRAW_CAP_UNVERIFIABLE');
    expect(check({ dailyLimit: d('1000'), candidate: bad })).toBe('WITHDRAW_CAP_UNVERIFIABLE');
  });
  it('When counted history holds an unverifiable entry under a daily limit, Then unverifiable', () => {
    expect(check({ dailyLimit: d('1000'), counted: [ok('1'), bad], candidate: ok('1') })).toBe('WITHDRAW_CAP_UNVERIFIABLE');
  });
  it('When only a single limit is set, Then counted history does not matter', () => {
    expect(check({ singleLimit: d('1000'), counted: [bad, ok('5000')], candidate: ok('1') })).toBe('OK');
  });
  it.each([['-1'], ['Infinity'], ['NaN']])('When a limit is %s, Then unverifiable (an invalid limit never passes)', (limit) => {
    expect(check({ singleLimit: d(limit) })).toBe('WITHDRAW_CAP_UNVERIFIABLE');
    expect(check({ dailyLimit: d(limit) })).toBe('WITHDRAW_CAP_UNVERIFIABLE');
  });
});
