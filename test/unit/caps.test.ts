import Decimal from 'decimal.js';
import { capAmountOf, checkCaps, countedFromGroups, platformFiat, type CapAmount, type CapCheck, type CountedGroup } from '../../src/domain/caps';

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

describe('countedFromGroups (the window summed per currency in SQL)', () => {
  type Row = { capAmount: string | null; capCurrency: string | null };
  /** What lockOwnerCaps counted before: one entry per row. */
  const perRow = (rows: Row[], currency: string): CapAmount[] =>
    rows.map((r) => (r.capAmount !== null && r.capCurrency === currency ? ok(r.capAmount) : bad));
  /** What GROUP BY "capCurrency" with SUM and bool_or(IS NULL) returns for those rows. */
  const grouped = (rows: Row[]): CountedGroup[] =>
    [...new Set(rows.map((r) => r.capCurrency))].map((c) => {
      const of = rows.filter((r) => r.capCurrency === c);
      const amounts = of.flatMap((r) => (r.capAmount === null ? [] : [d(r.capAmount)]));
      return { capCurrency: c, total: amounts.length ? amounts.reduce((a, b) => a.plus(b)) : null, anyWithoutAmount: of.some((r) => r.capAmount === null) };
    });
  const row = (capAmount: string | null, capCurrency: string | null = 'USD'): Row => ({ capAmount, capCurrency });
  const windows: Row[][] = [
    [],
    [row('10'), row('5.5')],
    [row('29.99'), row('0.01')],
    [row('10'), row(null)],
    [row(null, null)],
    [row('10'), row('3', 'EUR')],
    [row('3', 'EUR')],
    [row('10', null), row('5')],
    [row('0.000001'), row('19.999999'), row('10')],
  ];
  const limits = [null, '0', '10', '15.5', '30', '30.000001', '1000'];

  it('When any window is checked against any limits, Then the verdict is the same as with one entry per row', () => {
    for (const rows of windows) {
      for (const currency of ['USD', 'EUR']) {
        for (const daily of limits) {
          for (const single of [null, '10', '20']) {
            for (const candidate of [ok('0.01'), ok('10'), ok('20'), bad]) {
              const c = { candidate, singleLimit: single === null ? null : d(single), dailyLimit: daily === null ? null : d(daily) };
              const expected = checkCaps({ ...c, counted: perRow(rows, currency) });
              expect([rows, currency, daily, single, checkCaps({ ...c, counted: countedFromGroups(grouped(rows), currency) })]).toEqual([rows, currency, daily, single, expected]);
            }
          }
        }
      }
    }
  });
  it('When a group is in the cap currency, Then its total counts, plus one unverifiable entry if a row had no amount', () => {
    expect(countedFromGroups([{ capCurrency: 'USD', total: d('7'), anyWithoutAmount: false }], 'USD')).toEqual([ok('7')]);
    expect(countedFromGroups([{ capCurrency: 'USD', total: null, anyWithoutAmount: true }], 'USD')).toEqual([{ ok: false, reason: expect.any(String) }]);
    expect(countedFromGroups([{ capCurrency: 'GBP', total: d('7'), anyWithoutAmount: false }], 'USD')).toEqual([{ ok: false, reason: expect.stringMatching(/GBP.*USD/) }]);
  });
});
