import { GAS_MARGIN_PERCENT, gasLimitFor, paysAnyTransaction } from '../../src/domain/gas';

describe('gas limits from the node\'s estimate', () => {
  it('When the estimate is under the ceiling, Then the limit is the estimate plus the margin, rounded up', () => {
    expect(GAS_MARGIN_PERCENT).toBe(20n);
    expect(gasLimitFor(147_955n, 1_000_000n)).toEqual({ ok: true, gasLimit: 177_546n });
    expect(gasLimitFor(21_000n, 1_000_000n)).toEqual({ ok: true, gasLimit: 25_200n });
  });

  it('When the margin would pass the ceiling but the estimate does not, Then the limit is the ceiling', () => {
    expect(gasLimitFor(90_000n, 100_000n)).toEqual({ ok: true, gasLimit: 100_000n });
    expect(gasLimitFor(100_000n, 100_000n)).toEqual({ ok: true, gasLimit: 100_000n });
  });

  it('When the estimate passes the ceiling, Then GAS_ABOVE_CEILING', () => {
    expect(gasLimitFor(100_001n, 100_000n)).toEqual({ ok: false, reason: 'GAS_ABOVE_CEILING' });
  });

  it('When the estimate or the ceiling is not positive, Then it throws', () => {
    expect(() => gasLimitFor(0n, 100_000n)).toThrow();
    expect(() => gasLimitFor(21_000n, 0n)).toThrow();
  });
});

describe('a balance that pays no transaction', () => {
  it('When the balance is under 21,000 gas at the fee, Then it pays none; at exactly that, or at a fee of zero, it does', () => {
    expect(paysAnyTransaction(0n, 1n)).toBe(false);
    expect(paysAnyTransaction(20_999n * 7n, 7n)).toBe(false);
    expect(paysAnyTransaction(21_000n * 7n, 7n)).toBe(true);
    expect(paysAnyTransaction(0n, 0n)).toBe(true);
  });
});
