import fc from 'fast-check';
import { bumpedFees } from '../../src/domain/fee-bump';

const gwei = (n: number) => BigInt(n) * 10n ** 9n;

describe('bumpedFees (a replacement at the same nonce)', () => {
  it('When the network asks less than a bump, Then both caps rise by 12.5 % (rounded up)', () => {
    expect(bumpedFees({ maxFeePerGas: gwei(10), maxPriorityFeePerGas: gwei(1) }, { maxFeePerGas: gwei(5), maxPriorityFeePerGas: gwei(1) }, gwei(500))).toEqual({
      maxFeePerGas: 11_250_000_000n,
      maxPriorityFeePerGas: 1_125_000_000n,
    });
    expect(bumpedFees({ maxFeePerGas: 9n, maxPriorityFeePerGas: 1n }, { maxFeePerGas: 0n, maxPriorityFeePerGas: 0n }, gwei(1))).toEqual({ maxFeePerGas: 11n, maxPriorityFeePerGas: 2n });
  });

  it('When the base fee has moved far past it, Then it takes what the network asks now', () => {
    expect(bumpedFees({ maxFeePerGas: gwei(2), maxPriorityFeePerGas: gwei(1) }, { maxFeePerGas: gwei(101), maxPriorityFeePerGas: gwei(1) }, gwei(500))).toEqual({
      maxFeePerGas: gwei(101),
      maxPriorityFeePerGas: 1_125_000_000n,
    });
  });

  it('When the ceiling caps it, Then never above the ceiling; null when no accepted bump fits under it', () => {
    expect(bumpedFees({ maxFeePerGas: gwei(100), maxPriorityFeePerGas: gwei(1) }, { maxFeePerGas: gwei(300), maxPriorityFeePerGas: gwei(1) }, gwei(120))).toEqual({
      maxFeePerGas: gwei(120),
      maxPriorityFeePerGas: 1_125_000_000n,
    });
    expect(bumpedFees({ maxFeePerGas: gwei(100), maxPriorityFeePerGas: gwei(1) }, { maxFeePerGas: gwei(300), maxPriorityFeePerGas: gwei(1) }, gwei(105))).toBeNull();
    expect(bumpedFees({ maxFeePerGas: gwei(120), maxPriorityFeePerGas: gwei(1) }, { maxFeePerGas: gwei(300), maxPriorityFeePerGas: gwei(1) }, gwei(120))).toBeNull();
  });

  it('Property: a bump is either null or within the ceiling and at least 10 % above both caps (what nodes accept)', () => {
    const wei = fc.bigInt({ min: 1n, max: gwei(10_000) });
    fc.assert(
      fc.property(wei, wei, wei, wei, wei, (fee, tipRaw, netFee, netTip, ceiling) => {
        const tip = tipRaw > fee ? fee : tipRaw;
        const next = bumpedFees({ maxFeePerGas: fee, maxPriorityFeePerGas: tip }, { maxFeePerGas: netFee, maxPriorityFeePerGas: netTip }, ceiling);
        if (next === null) return;
        expect(next.maxFeePerGas <= ceiling).toBe(true);
        expect(next.maxPriorityFeePerGas <= next.maxFeePerGas).toBe(true);
        expect(next.maxFeePerGas * 100n >= fee * 110n).toBe(true);
        expect(next.maxPriorityFeePerGas * 100n >= tip * 110n).toBe(true);
      }),
      { seed: 20261123, numRuns: 2000 },
    );
  });
});
