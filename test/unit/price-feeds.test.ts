import Decimal from 'decimal.js';
import { isFresh, maxRoundAge, sequencerUp, unitsPerUsd, usablePrice, type FeedLimits } from '../../src/domain/price-feeds';

const now = 1_700_000_000;
const both = (seconds: number) => ({ wallSeconds: seconds, chainSeconds: seconds });
const settings = { marginSeconds: 600, maxAgeSeconds: 3600 };
const HOUR = 3600;
const noLimits: FeedLimits = { heartbeatSeconds: null, minAnswer: null, maxAnswer: null };
const usdc: FeedLimits = { ...noLimits, heartbeatSeconds: 86_400 };
const round = (answer: bigint, ageSeconds: number) => ({ answer, decimals: 8, updatedAt: BigInt(now - ageSeconds) });

describe('maxRoundAge', () => {
  it('When the feed has a heartbeat, Then the limit is heartbeat + margin; without one, PRICE_MAX_AGE_SECONDS', () => {
    expect(maxRoundAge(86_400, settings)).toBe(87_000);
    expect(maxRoundAge(null, settings)).toBe(3600);
  });
});

describe('isFresh', () => {
  it('When the round is within the max age by both clocks, Then it is fresh (the limit itself included)', () => {
    expect(isFresh(BigInt(now), both(now), 3600)).toBe(true);
    expect(isFresh(BigInt(now - 3600), both(now), 3600)).toBe(true);
    expect(isFresh(BigInt(now - 10), both(now + 0.999), 3600)).toBe(true);
  });

  it('When the round is older than the max age, Then it is stale', () => {
    expect(isFresh(BigInt(now - 3601), both(now), 3600)).toBe(false);
    expect(isFresh(1n, both(now), 3600)).toBe(false); // what `dev price --stale` writes
    expect(isFresh(0n, both(now), 3600)).toBe(false);
  });

  it('When the chain\'s latest block is old (a lagging node) but the wall clock is not, Then the wall clock decides', () => {
    const lagging = { wallSeconds: now, chainSeconds: now - 25 * HOUR };
    expect(isFresh(BigInt(now - 25 * HOUR), lagging, 87_000)).toBe(false);
  });

  it('When the host clock is behind the chain, Then the chain decides', () => {
    expect(isFresh(BigInt(now - 3601), { wallSeconds: now - 7200, chainSeconds: now }, 3600)).toBe(false);
  });

  it('When the round is ahead of the later clock, Then up to 60 s is tolerated and more is not', () => {
    expect(isFresh(BigInt(now + 60), both(now), 3600)).toBe(true);
    expect(isFresh(BigInt(now + 61), both(now), 3600)).toBe(false);
    expect(isFresh(2n ** 255n, both(now), 3600)).toBe(false);
  });
});

describe('usablePrice', () => {
  it('When a 24 h heartbeat feed\'s round is 5 hours old, Then it is used; 25 hours old, Then it is unknown', () => {
    expect(usablePrice(round(100_000_000n, 5 * HOUR), usdc, both(now), settings)?.toString()).toBe('1');
    expect(usablePrice(round(100_000_000n, 25 * HOUR), usdc, both(now), settings)).toBeNull();
  });

  it('When a feed has no heartbeat, Then PRICE_MAX_AGE_SECONDS applies', () => {
    expect(usablePrice(round(100_000_000n, 3600), noLimits, both(now), settings)?.toString()).toBe('1');
    expect(usablePrice(round(100_000_000n, 3601), noLimits, both(now), settings)).toBeNull();
  });

  it.each([0n, -1n])('When the answer is %p, Then it is unknown', (answer) => {
    expect(usablePrice(round(answer, 0), usdc, both(now), settings)).toBeNull();
  });

  it('When bounds are set, Then an answer outside them is unknown and one on them is used', () => {
    const bounded = { ...usdc, minAnswer: new Decimal('0.9'), maxAnswer: new Decimal('1.1') };
    expect(usablePrice(round(89_999_999n, 0), bounded, both(now), settings)).toBeNull();
    expect(usablePrice(round(110_000_001n, 0), bounded, both(now), settings)).toBeNull();
    expect(usablePrice(round(90_000_000n, 0), bounded, both(now), settings)?.toString()).toBe('0.9');
    expect(usablePrice(round(110_000_000n, 0), bounded, both(now), settings)?.toString()).toBe('1.1');
  });
});

describe('sequencerUp', () => {
  const grace = 3600;
  it('When the sequencer reports down (1), Then it is not up, however long ago', () => {
    expect(sequencerUp({ answer: 1n, startedAt: BigInt(now - 10 * HOUR) }, both(now), grace)).toBe(false);
  });

  it('When it is up for less than the grace period (the period itself included), Then it is not up yet', () => {
    expect(sequencerUp({ answer: 0n, startedAt: BigInt(now - 600) }, both(now), grace)).toBe(false);
    expect(sequencerUp({ answer: 0n, startedAt: BigInt(now - grace) }, both(now), grace)).toBe(false);
  });

  it('When it is up for longer than the grace period, Then it is up', () => {
    expect(sequencerUp({ answer: 0n, startedAt: BigInt(now - grace - 1) }, both(now), grace)).toBe(true);
  });

  it('When either clock says the grace period has not passed, Then it is not up; startedAt 0 is not up', () => {
    expect(sequencerUp({ answer: 0n, startedAt: BigInt(now - 2 * grace) }, { wallSeconds: now, chainSeconds: now - 2 * grace + 60 }, grace)).toBe(false);
    expect(sequencerUp({ answer: 0n, startedAt: 0n }, both(now), grace)).toBe(false);
  });
});

describe('unitsPerUsd', () => {
  it('When EUR/USD answers 1.25, Then one USD is 0.8 EUR; a non-positive answer throws', () => {
    expect(unitsPerUsd(new Decimal('1.25')).toString()).toBe('0.8');
    expect(() => unitsPerUsd(new Decimal(0))).toThrow(/must be positive/);
  });
});
