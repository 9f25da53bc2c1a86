import Decimal from 'decimal.js';
import fc from 'fast-check';
import { priceFiatPayout, quoteExpired } from '../../src/domain/withdraw-amounts';

// The checks themselves must be exact: at decimal.js's default 20 digits they misjudge large quotients.
const Exact = Decimal.clone({ precision: 100 });
const d = (v: Decimal.Value) => new Exact(v);

describe('priceFiatPayout', () => {
  it('When 25 USD is paid in a 6-decimal token at 1 USD, Then exactly 25 tokens', () => {
    expect(priceFiatPayout(d('25'), d('1'), d('1'), 6)).toEqual({ raw: 25_000_000n, cryptoAmountSent: '25.00000000', amountInUsd: '25.000000' });
  });

  it('When 10 EUR (0.92 EUR per USD) is paid in a 6-decimal token at 1 USD, Then the tokens and USD are rounded down', () => {
    // 10 / 0.92 = 10.869565217...
    expect(priceFiatPayout(d('10'), d('0.92'), d('1'), 6)).toEqual({ raw: 10_869_565n, cryptoAmountSent: '10.86956500', amountInUsd: '10.869565' });
  });

  it('When an 18-decimal token is paid, Then it is cut at 8 decimals, so the display equals what is sent', () => {
    // 100 / 3000 = 0.0333333333...
    const p = priceFiatPayout(d('100'), d('1'), d('3000'), 18)!;
    expect(p.cryptoAmountSent).toBe('0.03333333');
    expect(p.raw).toBe(33_333_330_000_000_000n);
  });

  it('When the token has fewer than 8 decimals, Then the 8-decimal display is exactly the raw amount', () => {
    const p = priceFiatPayout(d('1'), d('1'), d('3'), 2)!;
    expect(p).toMatchObject({ raw: 33n, cryptoAmountSent: '0.33000000' });
  });

  it('When the amount is worth less than the smallest payable unit, Then null (nothing to pay)', () => {
    expect(priceFiatPayout(d('0.01'), d('1'), d('10000000'), 18)).toBeNull();
  });

  it.each([['0', '1'], ['1', '0'], ['-1', '1'], ['1', '-2']])('When the rate is %s or the price %s, Then null', (rate, price) => {
    expect(priceFiatPayout(d('10'), d(rate), d(price), 6)).toBeNull();
  });

  it('When a large amount meets a tiny rate and price (a counterexample fast-check found), Then the payout is still not worth more than the fiat amount', () => {
    const fiat = d('99997.10');
    const usd = fiat.div(d('0.000005'));
    const p = priceFiatPayout(fiat, d('0.000005'), d('0.000015'), 6)!;
    expect(d(p.cryptoAmountSent).times(d('0.000015')).lte(usd)).toBe(true);
    expect(p.cryptoAmountSent).toBe('1333294666666666.66666600');
  });

  it('When any amount, rate and price are priced, Then the payout is never worth more than the fiat amount, and less by under one unit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 1, max: 10_000_000_000 }),
        fc.constantFrom(2, 6, 8, 18),
        (cents, rateMicros, priceMicros, decimals) => {
          const fiat = d(cents).div(100);
          const rate = d(rateMicros).div(1_000_000);
          const price = d(priceMicros).div(1_000_000);
          const p = priceFiatPayout(fiat, rate, price, decimals);
          const usd = fiat.div(rate);
          const unit = d(10).pow(-Math.min(8, decimals));
          if (!p) return usd.div(price).lt(unit);
          const tokens = d(p.raw.toString()).div(d(10).pow(decimals));
          return tokens.eq(d(p.cryptoAmountSent)) && tokens.times(price).lte(usd) && usd.div(price).minus(tokens).lt(unit) && d(p.amountInUsd).lte(usd);
        },
      ),
    );
  });
});

describe('quoteExpired', () => {
  const at = new Date('2026-11-25T12:00:00.000Z');
  const later = (ms: number) => new Date(at.getTime() + ms);

  it('When the TTL has not passed (to the millisecond), Then the quote holds; one millisecond later it has expired', () => {
    expect(quoteExpired(at, at, 900)).toBe(false);
    expect(quoteExpired(at, later(900_000), 900)).toBe(false);
    expect(quoteExpired(at, later(900_001), 900)).toBe(true);
  });

  it('When a payout was never quoted, Then it counts as expired, so it is priced before it is signed', () => {
    expect(quoteExpired(null, at, 900)).toBe(true);
  });
});
