import { take, type Bucket } from '../../src/domain/token-bucket';

describe('token bucket', () => {
  it('When requests arrive faster than the refill, Then the burst passes, the next is refused with a wait, and time refills it', () => {
    let bucket: Bucket | undefined;
    const results: boolean[] = [];
    for (let i = 0; i < 4; i += 1) {
      const r = take(bucket, 1000, 3, 2);
      bucket = r.bucket;
      results.push(r.allowed);
    }
    expect(results).toEqual([true, true, true, false]);
    expect(take(bucket, 1000, 3, 2).retryAfterMs).toBe(500);
    expect(take(bucket, 1499, 3, 2).allowed).toBe(false);
    expect(take(bucket, 1500, 3, 2).allowed).toBe(true);
    // Never more than the capacity, however long it was idle.
    let idle = take(bucket, 1_000_000, 3, 2).bucket;
    expect(idle.tokens).toBe(2);
    idle = take(idle, 1_000_000, 3, 2).bucket;
    idle = take(idle, 1_000_000, 3, 2).bucket;
    expect(take(idle, 1_000_000, 3, 2).allowed).toBe(false);
  });
});
