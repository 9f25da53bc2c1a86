import Decimal from 'decimal.js';
import fc from 'fast-check';
import { isDust, sweepGas, sweepPays } from '../../src/domain/dust';

const gwei = 10n ** 9n;
/** Exact rational arithmetic for the checks: enough digits for uint256 amounts times 8-decimal prices. */
const Exact = Decimal.clone({ precision: 200 });
const exactUsd = (raw: bigint, decimals: number, price: Decimal) => new Exact(raw.toString()).times(price.toString()).div(new Exact(10).pow(decimals));

describe('isDust', () => {
  it('When the gross is below the minimum, Then it is dust; at or above it, it is not', () => {
    expect(isDust(999_999n, 1_000_000n)).toBe(true);
    expect(isDust(1n, 1_000_000n)).toBe(true);
    expect(isDust(1_000_000n, 1_000_000n)).toBe(false);
    expect(isDust(1_000_001n, 1_000_000n)).toBe(false);
  });

  it('When no minimum is configured (0), Then nothing is dust', () => {
    expect(isDust(1n, 0n)).toBe(false);
  });

  it('When an amount is negative, Then it throws', () => {
    expect(() => isDust(-1n, 0n)).toThrow(/negative/);
    expect(() => isDust(1n, -1n)).toThrow(/negative/);
  });
});

describe('sweepGas', () => {
  it('When a token sweep has a net and a fee transfer, Then the top-up covers both twice over and the cost adds the top-up gas', () => {
    const g = sweepGas({ transfers: 2, transferGasLimit: 100_000n, topUpGasLimit: 21_000n, maxFeePerGas: 3n * gwei });
    expect(g.topUpWei).toBe(100_000n * 3n * gwei * 2n * 2n);
    expect(g.costWei).toBe(g.topUpWei + 21_000n * 3n * gwei);
  });

  it('When an input is negative or not whole, Then it throws', () => {
    expect(() => sweepGas({ transfers: 1.5, transferGasLimit: 1n, topUpGasLimit: 1n, maxFeePerGas: 1n })).toThrow(/whole/);
    expect(() => sweepGas({ transfers: 1, transferGasLimit: 1n, topUpGasLimit: 1n, maxFeePerGas: -1n })).toThrow(/negative/);
  });
});

describe('sweepPays', () => {
  const eth = new Decimal('3000');
  const one = new Decimal('1');
  const tokenSweep = (raw: bigint, maxFeePerGas: bigint) =>
    sweepPays({
      raw, decimals: 6, priceUsd: one, nativeDecimals: 18, nativePriceUsd: eth,
      costWei: sweepGas({ transfers: 1, transferGasLimit: 100_000n, topUpGasLimit: 21_000n, maxFeePerGas }).costWei,
    });

  it('When one raw unit of a 6-decimal dollar token meets 1 gwei gas at $3000 ETH, Then the sweep does not pay', () => {
    const r = tokenSweep(1n, gwei);
    expect(r.pays).toBe(false);
    expect(r.valueUsd.toFixed(6)).toBe('0.000001');
    expect(r.costUsd.toFixed(6)).toBe('0.663000'); // 221,000 gwei × $3000
  });

  it('When 25 dollars meet the same gas, Then it pays; at 100 gwei it does not', () => {
    expect(tokenSweep(25_000_000n, gwei).pays).toBe(true);
    expect(tokenSweep(25_000_000n, 100n * gwei).pays).toBe(false); // $66.30 of gas
  });

  it('When the cost equals the value, Then it does not pay: strictly below only', () => {
    expect(tokenSweep(663_000n, gwei).pays).toBe(false);
    expect(tokenSweep(663_001n, gwei).pays).toBe(true);
  });

  const price = fc.tuple(fc.bigInt({ min: 1n, max: 10n ** 14n }), fc.integer({ min: 0, max: 8 })).map(([units, dp]) => new Decimal(`${units}e-${dp}`));
  const sweep = fc.record({
    raw: fc.bigInt({ min: 0n, max: 2n ** 128n }),
    decimals: fc.integer({ min: 0, max: 30 }),
    priceUsd: price,
    transfers: fc.integer({ min: 1, max: 2 }),
    transferGasLimit: fc.bigInt({ min: 21_000n, max: 500_000n }),
    maxFeePerGas: fc.bigInt({ min: 0n, max: 10_000n * gwei }),
    nativeDecimals: fc.integer({ min: 0, max: 30 }),
    nativePriceUsd: price,
  });
  const run = (s: { raw: bigint; decimals: number; priceUsd: Decimal; transfers: number; transferGasLimit: bigint; maxFeePerGas: bigint; nativeDecimals: number; nativePriceUsd: Decimal }) => {
    const gas = sweepGas({ transfers: s.transfers, transferGasLimit: s.transferGasLimit, topUpGasLimit: 21_000n, maxFeePerGas: s.maxFeePerGas });
    return { gas, ...sweepPays({ raw: s.raw, decimals: s.decimals, priceUsd: s.priceUsd, costWei: gas.costWei, nativeDecimals: s.nativeDecimals, nativePriceUsd: s.nativePriceUsd }) };
  };

  it('Property: a sweep that pays never spends more gas, exactly valued, than the value it recovers', () => {
    fc.assert(
      fc.property(sweep, (s) => {
        const r = run(s);
        if (!r.pays) return;
        const spent = exactUsd(r.gas.costWei, s.nativeDecimals, s.nativePriceUsd);
        const recovered = exactUsd(s.raw, s.decimals, s.priceUsd);
        expect(spent.lt(recovered)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('Property: more value never turns a paying sweep into one that does not pay, and higher fees never the other way', () => {
    fc.assert(
      fc.property(sweep, fc.bigInt({ min: 0n, max: 2n ** 64n }), fc.bigInt({ min: 0n, max: 1000n * gwei }), (s, more, dearer) => {
        const base = run(s).pays;
        if (base) expect(run({ ...s, raw: s.raw + more }).pays).toBe(true);
        if (!base) expect(run({ ...s, maxFeePerGas: s.maxFeePerGas + dearer }).pays).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });
});
