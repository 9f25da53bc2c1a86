/**
 * One read in flight per key: a caller arriving while it runs gets its answer instead of sending the same RPC again
 * (a burst of executes prices one token, a burst of intents checks one bankroll's gas). The answer is as fresh as a
 * read started while the caller was already waiting, never one that finished before it asked, so it suits reads that
 * ask "what is it now". Not for a read that must start after something its caller did first (the bankroll balance,
 * read after the token's consumption count in liquidity.ts): that is sharedStartedAfter.
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
 * One read per key at a time, each shared by the callers that asked before it started: a caller arriving while a read
 * runs does not take that read's answer (it may have started before the caller asked) but waits for the next one,
 * started once the running one has settled, with everyone else who arrives meanwhile. Every answer therefore comes
 * from a read started after its caller asked, as the caller's own read would, so it suits reads that must follow
 * something their caller did first: the bankroll balance after the token's consumption count (liquidity.ts). A burst
 * of N callers sends a read or two instead of N; a lone caller waits for nothing.
 */
export function sharedStartedAfter<A extends unknown[], T>(key: (...args: A) => string, read: (...args: A) => Promise<T>): (...args: A) => Promise<T> {
  const lines = new Map<string, { running: Promise<T>; next: Promise<T> | null }>();
  const start = (k: string, args: A): Promise<T> => {
    const running = Promise.resolve().then(() => read(...args));
    const line = { running, next: null as Promise<T> | null };
    lines.set(k, line);
    const settled = () => {
      if (lines.get(k) === line && line.next === null) lines.delete(k);
    };
    running.then(settled, settled);
    return running;
  };
  return (...args: A) => {
    const k = key(...args);
    const line = lines.get(k);
    if (!line) return start(k, args);
    line.next ??= line.running.then(
      () => start(k, args),
      () => start(k, args),
    );
    return line.next;
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
