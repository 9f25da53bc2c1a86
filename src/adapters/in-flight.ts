/**
 * One read in flight per key: a caller arriving while it runs gets its answer instead of sending the same RPC again
 * (a burst of executes prices one token, a burst of intents checks one bankroll's gas). The answer is as fresh as a
 * read started while the caller was already waiting, never one that finished before it asked, so it suits reads that
 * ask "what is it now". Not for a read that must start after something its caller did first: the bankroll balance is
 * read after the token's consumption count (liquidity.ts), so it is never shared.
 */
export function sharedInFlight<A extends unknown[], T>(key: (...args: A) => string, read: (...args: A) => Promise<T>): (...args: A) => Promise<T> {
  const flying = new Map<string, Promise<T>>();
  return (...args: A) => {
    const k = key(...args);
    const running = flying.get(k);
    if (running) return running;
    const started = read(...args).finally(() => flying.delete(k));
    flying.set(k, started);
    return started;
  };
}

/**
 * sharedInFlight, and the answer kept for `maxAgeMs` after its read started: for reads whose answer may be that old
 * (the chain's latest block for its base fee and clock, the node's suggested tip, a transfer's gas estimate), so the
 * steps of one payout ask the node once instead of once each. A failed read is not kept.
 */
export function sharedRecent<A extends unknown[], T>(key: (...args: A) => string, read: (...args: A) => Promise<T>, maxAgeMs: number): (...args: A) => Promise<T> {
  const kept = new Map<string, { answer: Promise<T>; at: number }>();
  return (...args: A) => {
    const k = key(...args);
    const now = Date.now();
    const known = kept.get(k);
    if (known && now - known.at < maxAgeMs) return known.answer;
    const answer = read(...args);
    kept.set(k, { answer, at: now });
    answer.catch(() => {
      if (kept.get(k)?.answer === answer) kept.delete(k);
    });
    // Past its age an answer is never used again: dropped so the map holds only live keys.
    setTimeout(() => {
      if (kept.get(k)?.answer === answer) kept.delete(k);
    }, maxAgeMs).unref();
    return answer;
  };
}
