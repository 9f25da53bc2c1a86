import { assertMatchesDocument } from './openapi-check';
import { delay } from './wait';

/**
 * A small fetch wrapper for API tests: JSON in, status + parsed JSON (or text) out. Every JSON answer is checked
 * against the OpenAPI document (test/support/openapi-check.ts), so a response that drifts from it fails the test.
 */
export interface HttpResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** Front URLs whose requests go, in turn, straight to one of several API processes (multi-process tests). */
const pools = new Map<string, { urls: string[]; next: number }>();

/** Spreads every request made to `frontUrl` over `apiUrls`, one after the other; returns the undo. */
export function spreadRequests(frontUrl: string, apiUrls: string[]): () => void {
  pools.set(frontUrl, { urls: apiUrls, next: 0 });
  return () => void pools.delete(frontUrl);
}

/** Round-robin per request at the client, so even requests of one test in sequence alternate between processes. */
function target(baseUrl: string): string {
  const pool = pools.get(baseUrl);
  if (!pool) return baseUrl;
  return pool.urls[pool.next++ % pool.urls.length]!;
}

export async function http<T = any>(
  baseUrl: string,
  method: string,
  path: string,
  opts: { token?: string; json?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<HttpResult<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.rawBody !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = opts.rawBody;
  }
  const res = await fetch(target(baseUrl) + path, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  if (res.headers.get('content-type')?.startsWith('application/json')) assertMatchesDocument(method, path, res.status, parsed);
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

/**
 * `http`, repeated while the service answers 503 SERVICE_UNAVAILABLE ("busy; nothing was changed, try again shortly")
 * after the Retry-After it sends, as an operator's client does: for the scripts that drive a real start on a machine
 * shared with other work (restart-check, prod-smoke), and a burst's setup in a test (geth.test's 50 Mode B
 * withdrawals), where a transaction waiting over its 10 s for a connection is load, not a defect.
 * Any other answer, or a 503 still after `forMs`, is returned as it is.
 */
export async function httpWhenServed<T = any>(
  baseUrl: string,
  method: string,
  path: string,
  opts: Parameters<typeof http>[3] = {},
  forMs = 120_000,
): Promise<HttpResult<T>> {
  const end = Date.now() + forMs;
  for (;;) {
    const r = await http<T>(baseUrl, method, path, opts);
    const busy = r.status === 503 && (r.body as { errorCode?: string } | null)?.errorCode === 'SERVICE_UNAVAILABLE';
    const waitMs = 1000 * Number(r.headers.get('retry-after') ?? '1');
    if (!busy || Date.now() + waitMs > end) return r;
    await delay(waitMs);
  }
}
