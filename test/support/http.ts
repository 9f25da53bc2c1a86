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
  const res = await fetch(baseUrl + path, { method, headers, body });
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
