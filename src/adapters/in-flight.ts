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
