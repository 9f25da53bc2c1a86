/// <reference lib="dom" />

/** A refusal by the gateway: its errorCode (CONTRACT §5) and message. */
export class ApiError extends Error {
  constructor(
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** POSTs JSON to the gateway (same origin) and returns the envelope's data; any other answer throws. */
export async function post<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
  });
  const json = (await res.json()) as { data?: T; message?: string; errorCode?: string };
  if (!res.ok) throw new ApiError(json.errorCode, json.message ?? `HTTP ${res.status}`);
  return json.data as T;
}
