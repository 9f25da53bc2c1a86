/**
 * A token bucket: `capacity` requests at once, refilled at `perSecond`. Pure: the caller passes the clock and keeps
 * the state. Returns the bucket after the request, and how long to wait when it is refused.
 */
export interface Bucket {
  tokens: number;
  at: number;
}

export function take(bucket: Bucket | undefined, nowMs: number, capacity: number, perSecond: number): { bucket: Bucket; allowed: boolean; retryAfterMs: number } {
  const elapsed = bucket ? Math.max(0, nowMs - bucket.at) : 0;
  const tokens = bucket ? Math.min(capacity, bucket.tokens + (elapsed * perSecond) / 1000) : capacity;
  if (tokens >= 1) return { bucket: { tokens: tokens - 1, at: nowMs }, allowed: true, retryAfterMs: 0 };
  return { bucket: { tokens, at: nowMs }, allowed: false, retryAfterMs: Math.ceil(((1 - tokens) * 1000) / perSecond) };
}
