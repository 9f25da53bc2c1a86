import Decimal from 'decimal.js';
import { ceilingPlan, nativeGasKeep, type HeldAsset } from '../../src/domain/hot-wallet';

const USDT = '0x00000000000000000000000000000000000000aa';
const WETH = '0x00000000000000000000000000000000000000bb';

const asset = (a: Partial<HeldAsset> & Pick<HeldAsset, 'asset' | 'balance'>): HeldAsset => ({
  symbol: a.asset, decimals: 6, reserved: 0n, keep: 0n, leaving: 0n, usd: new Decimal(1), ...a,
});

describe('ceilingPlan', () => {
  it('When the value is at or under the ceiling, Then nothing moves', () => {
    expect(ceilingPlan([asset({ asset: USDT, balance: 1_000_000_000n })], new Decimal(1000)).sends).toEqual([]);
  });

  it('When the value crosses the ceiling, Then the excess over 80 % of it leaves, from the largest movable asset first', () => {
    const plan = ceilingPlan(
      [
        asset({ asset: 'native', symbol: 'ETH', decimals: 18, balance: 10n ** 18n, usd: new Decimal(2000) }),
        asset({ asset: USDT, symbol: 'USDT', balance: 3_000_000_000n }),
        asset({ asset: WETH, symbol: 'WETH', decimals: 18, balance: 2n * 10n ** 18n, usd: new Decimal(2000) }),
      ],
      new Decimal(5000),
    );
    // 2000 + 3000 + 4000 = 9000 held; 9000 - 4000 = 5000 to move: WETH's 4000 first, then 1000 of USDT; ETH last.
    expect(plan.valueUsd.toFixed()).toBe('9000');
    expect(plan.sends).toEqual([
      { asset: WETH, symbol: 'WETH', decimals: 18, raw: 2n * 10n ** 18n },
      { asset: USDT, symbol: 'USDT', decimals: 6, raw: 1_000_000_000n },
    ]);
  });

  it('When part of an asset is reserved, Then only the rest may move, and the native coin makes up the difference last, keeping its gas', () => {
    const keep = nativeGasKeep(1_000_000, 100); // 10 transfers of 1M gas at 100 gwei: 1 ETH
    expect(keep).toBe(10n ** 18n);
    const plan = ceilingPlan(
      [asset({ asset: USDT, balance: 10_000_000_000n, reserved: 9_000_000_000n }), asset({ asset: 'native', decimals: 18, balance: 5n * 10n ** 18n, keep, usd: new Decimal(1000) })],
      new Decimal(10_000),
    );
    // 10000 + 5000 = 15000 held (reserved money is still held); 15000 - 8000 = 7000: 1000 USDT unreserved, then 4 ETH (1 kept for gas).
    expect(plan.sends).toEqual([
      { asset: USDT, symbol: USDT, decimals: 6, raw: 1_000_000_000n },
      { asset: 'native', symbol: 'native', decimals: 18, raw: 4n * 10n ** 18n },
    ]);
  });

  it('When sends are already leaving, Then they are not counted as held: a second check moves nothing more', () => {
    const first = ceilingPlan([asset({ asset: USDT, balance: 2_000_000_000n })], new Decimal(1000));
    expect(first.sends).toEqual([{ asset: USDT, symbol: USDT, decimals: 6, raw: 1_200_000_000n }]);
    const second = ceilingPlan([asset({ asset: USDT, balance: 2_000_000_000n, reserved: 1_200_000_000n, leaving: 1_200_000_000n })], new Decimal(1000));
    expect(second).toMatchObject({ sends: [], valueUsd: new Decimal(800) });
  });

  it('When an asset has no price, Then it is neither valued nor moved (never a guessed price)', () => {
    const plan = ceilingPlan([asset({ asset: USDT, balance: 5_000_000_000n, usd: null }), asset({ asset: WETH, balance: 500_000_000n })], new Decimal(1000));
    expect(plan).toMatchObject({ sends: [], unpriced: [USDT] });
    expect(plan.valueUsd.toFixed()).toBe('500');
  });

  it('When the price does not divide evenly, Then the amount rounds down: never more than the excess', () => {
    const plan = ceilingPlan([asset({ asset: USDT, balance: 3_000_000n, usd: new Decimal(3) })], new Decimal('7'));
    // 9 held, 9 - 5.6 = 3.4 USD = 1.1333333 units: 1.133333 (raw 1133333).
    expect(plan.sends).toEqual([{ asset: USDT, symbol: USDT, decimals: 6, raw: 1_133_333n }]);
  });
});
