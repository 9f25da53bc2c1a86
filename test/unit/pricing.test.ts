import Decimal from 'decimal.js';
import { depositFee, parseFxRates, priceFromFeed, rawToUsd, usdToLocal } from '../../src/domain/pricing';

const d = (v: string) => new Decimal(v);
const usd = (raw: bigint, decimals: number, price: string, rounding: 'down' | 'up') =>
  rawToUsd(raw, decimals, d(price), rounding).toFixed(6);

describe('depositFee', () => {
  it('When the rate is 0 or 10000 bps, Then the fee is nothing or everything', () => {
    expect(depositFee(12_500_000n, 0)).toBe(0n);
    expect(depositFee(12_500_000n, 10_000)).toBe(12_500_000n);
    expect(depositFee(0n, 250)).toBe(0n);
  });

  it('When the fee is a whole number of raw units, Then it is exact', () => {
    expect(depositFee(12_500_000n, 150)).toBe(187_500n); // 1.5 %
    expect(depositFee(20_000n, 1)).toBe(2n);
  });

  it('When the fee is not a whole raw unit, Then it is rounded up: the service keeps the part unit (invariant 1)', () => {
    expect(depositFee(1n, 150)).toBe(1n); // 0.015 units
    expect(depositFee(999n, 1)).toBe(1n); // 0.0999 units
    expect(depositFee(10_001n, 1)).toBe(2n); // 1.0001 units
    expect(depositFee(10_001n, 3)).toBe(4n); // 3.0003 units
    expect(depositFee(1n, 9_999)).toBe(1n); // never more than the gross
  });

  it('When the amount is beyond 2^64, Then the fee is exact before its one rounding up', () => {
    const gross = 2n ** 200n + 12_345n;
    expect(depositFee(gross, 1)).toBe(gross / 10_000n + 1n);
    expect(depositFee(10n ** 40n, 30)).toBe(3n * 10n ** 37n);
  });

  it.each([-1, 10_001, 1.5, Number.NaN])('When the rate is %p bps, Then it throws', (bps) => {
    expect(() => depositFee(100n, bps)).toThrow(/basis points in 0\.\.10000/);
  });

  it('When the amount is negative, Then it throws', () => {
    expect(() => depositFee(-1n, 100)).toThrow(/must not be negative/);
  });
});

describe('rawToUsd', () => {
  it('When 12.5 USDC (6 decimals) is priced at 1.0001, Then it is 12.501250 USD either way', () => {
    expect(usd(12_500_000n, 6, '1.0001', 'down')).toBe('12.501250');
    expect(usd(12_500_000n, 6, '1.0001', 'up')).toBe('12.501250');
  });

  it('When the value has more than 6 decimals, Then down and up differ by one micro-dollar', () => {
    // 1.234567 × 1.0001 = 1.2346904567
    expect(usd(1_234_567n, 6, '1.0001', 'down')).toBe('1.234690');
    expect(usd(1_234_567n, 6, '1.0001', 'up')).toBe('1.234691');
    // One wei at 3000 USD: 0.000000000000003 USD.
    expect(usd(1n, 18, '3000', 'down')).toBe('0.000000');
    expect(usd(1n, 18, '3000', 'up')).toBe('0.000001');
  });

  it('When a token has 18 decimals, Then whole and fractional amounts convert exactly', () => {
    expect(usd(10n ** 18n, 18, '3000', 'down')).toBe('3000.000000');
    expect(usd(1_500_000_000_000_000_000n, 18, '2999.5', 'down')).toBe('4499.250000');
    // 0.123456789123456789 ETH × 3000.12345678 = 370.3856089…
    expect(usd(123_456_789_123_456_789n, 18, '3000.12345678', 'down')).toBe('370.385608');
    expect(usd(123_456_789_123_456_789n, 18, '3000.12345678', 'up')).toBe('370.385609');
  });

  it('When the raw amount is far beyond 2^64, Then no digit is lost (decimal.js alone keeps 20)', () => {
    const raw = 2n ** 128n; // 340282366920938463463374607431768211456
    expect(usd(raw, 6, '1', 'down')).toBe('340282366920938463463374607431768.211456');
    // 340282366920938463463.374607431768211456 × 1.0001 = 340316395157630557309.7209448…
    expect(usd(raw, 18, '1.0001', 'down')).toBe('340316395157630557309.720944');
    expect(usd(raw, 18, '1.0001', 'up')).toBe('340316395157630557309.720945');
  });

  it('When the amount is 0, Then the value is 0', () => {
    expect(usd(0n, 6, '1', 'up')).toBe('0.000000');
  });

  it('When the price is not positive or the input is malformed, Then it throws', () => {
    expect(() => rawToUsd(1n, 6, d('0'), 'down')).toThrow(/price must be positive/);
    expect(() => rawToUsd(1n, 6, d('-1'), 'down')).toThrow(/price must be positive/);
    expect(() => rawToUsd(1n, 6, d('NaN'), 'down')).toThrow(/price must be positive/);
    expect(() => rawToUsd(-1n, 6, d('1'), 'down')).toThrow(/must not be negative/);
    expect(() => rawToUsd(1n, 6.5, d('1'), 'down')).toThrow(/decimals must be in 0\.\.255/);
  });
});

describe('usdToLocal', () => {
  it('When the rate is 1 (USD), Then the same value comes back', () => {
    expect(usdToLocal(d('12.50125'), d('1')).toFixed(6)).toBe('12.501250');
    expect(usdToLocal(d('0.000001'), d('1')).toFixed(6)).toBe('0.000001');
  });

  it('When the product has more than 6 decimals, Then it is rounded down', () => {
    expect(usdToLocal(d('12.501250'), d('0.92')).toFixed(6)).toBe('11.501150');
    // 10.000001 × 0.79 = 7.90000079
    expect(usdToLocal(d('10.000001'), d('0.79')).toFixed(6)).toBe('7.900000');
    // 1 × 0.123456789 = 0.123456789
    expect(usdToLocal(d('1'), d('0.123456789')).toFixed(6)).toBe('0.123456');
  });

  it('When the amount is huge, Then it stays exact', () => {
    expect(usdToLocal(d('340282366920938463463374607431768.211456'), d('1.5')).toFixed(6)).toBe('510423550381407695195061911147652.317184');
  });

  it('When the rate is not positive or the amount negative, Then it throws', () => {
    expect(() => usdToLocal(d('1'), d('0'))).toThrow(/FX rate must be positive/);
    expect(() => usdToLocal(d('-1'), d('1'))).toThrow(/must not be negative/);
  });
});

describe('priceFromFeed', () => {
  it('When the answer is positive, Then it is scaled by the feed decimals exactly', () => {
    expect(priceFromFeed(100_010_000n, 8)?.toString()).toBe('1.0001');
    expect(priceFromFeed(300_000_000_000n, 8)?.toString()).toBe('3000');
    expect(priceFromFeed(1n, 18)?.toFixed(18)).toBe('0.000000000000000001');
    expect(priceFromFeed(2n ** 255n - 1n, 8)?.toFixed(8)).toBe(
      '578960446186580977117854925043439539266349923328202820197287920039565.64819967',
    );
  });

  it.each([0n, -1n, -(2n ** 255n)])('When the answer is %p, Then the price is unknown (null)', (answer) => {
    expect(priceFromFeed(answer, 8)).toBeNull();
  });
});

describe('parseFxRates', () => {
  it('When rates are listed, Then each code maps to its exact rate', () => {
    const rates = parseFxRates('EUR=0.92,GBP=0.79, JPY=151.123456789 ');
    expect(Object.keys(rates)).toEqual(['EUR', 'GBP', 'JPY']);
    expect(rates.EUR!.toString()).toBe('0.92');
    expect(rates.GBP!.toString()).toBe('0.79');
    expect(rates.JPY!.toString()).toBe('151.123456789');
  });

  it('When the text is empty, Then there are no rates', () => {
    expect(parseFxRates('')).toEqual({});
  });

  it.each([
    ['EUR:0.92', /invalid FX rate "EUR:0.92"/],
    ['EUR=', /invalid FX rate/],
    ['EUR=-1', /invalid FX rate/],
    ['EUR=1e3', /invalid FX rate/],
    ['EUR=0.92=1', /invalid FX rate/],
    ['eur=0.92', /invalid currency code "eur"/],
    ['EURO=0.92', /invalid currency code "EURO"/],
    ['EUR=0', /rate of EUR must be positive/],
    ['EUR=0.000', /rate of EUR must be positive/],
    ['EUR=0.92,EUR=0.93', /EUR is listed twice/],
    ['USD=1', /USD is always 1/],
  ])('When the text is %p, Then it throws a clear error', (spec, message) => {
    expect(() => parseFxRates(spec)).toThrow(message);
  });
});
