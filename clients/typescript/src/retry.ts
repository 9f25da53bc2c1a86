import { randomUUID } from 'node:crypto';
import { RETRY_STATUSES } from './errors';

/** Bounds of the client's own retries of 429 and 503 answers. */
export interface RetryOptions {
  /** Tries of one call, the first included (1 turns retries off). Default 4. */
  maxAttempts?: number;
  /** The first wait when the answer has no Retry-After; each further one doubles, up to maxDelayMs. Default 500. */
  baseDelayMs?: number;
  /** Default 8000. */
  maxDelayMs?: number;
  /** The most one call waits in all: a wait that would pass it is not made, and the last answer stands. Default 30000. */
  maxTotalWaitMs?: number;
}

const DEFAULTS: Required<RetryOptions> = { maxAttempts: 4, baseDelayMs: 500, maxDelayMs: 8000, maxTotalWaitMs: 30_000 };

/** Retry-After as seconds or an HTTP date; else exponential backoff with jitter (half to all of the doubled delay). */
export function retryDelayMs(retryAfter: string | null, attempt: number, o: Required<RetryOptions>, now = Date.now()): number {
  if (retryAfter !== null) {
    if (/^\d+$/.test(retryAfter.trim())) return Number(retryAfter.trim()) * 1000;
    const at = Date.parse(retryAfter);
    if (!Number.isNaN(at)) return Math.max(0, at - now);
  }
  const ceiling = Math.min(o.maxDelayMs, o.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

function sleep(ms: number, signal: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * A fetch that tries a call again on 429 and 503. A POST gets one Idempotency-Key for the whole call (unless the
 * caller set one), so a retry of a request the gateway did run is answered from its first answer, never run twice.
 */
export function retryingFetch(options: RetryOptions = {}, fetchImpl: typeof fetch = globalThis.fetch): (request: Request) => Promise<Response> {
  const o = { ...DEFAULTS, ...options };
  return async (request) => {
    if (o.maxAttempts > 1 && request.method === 'POST' && !request.headers.has('idempotency-key')) {
      const headers = new Headers(request.headers);
      headers.set('idempotency-key', randomUUID());
      request = new Request(request, { headers });
    }
    let waited = 0;
    for (let attempt = 1; ; attempt += 1) {
      const response = await fetchImpl(request.clone());
      if (!RETRY_STATUSES.has(response.status) || attempt >= o.maxAttempts) return response;
      const delay = retryDelayMs(response.headers.get('retry-after'), attempt, o);
      if (waited + delay > o.maxTotalWaitMs) return response;
      await response.body?.cancel();
      await sleep(delay, request.signal);
      waited += delay;
    }
  };
}
