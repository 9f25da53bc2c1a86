import { assertMatchesDocument } from './openapi-check';

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
