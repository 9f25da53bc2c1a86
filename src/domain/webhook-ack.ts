/**
 * What an operator's answer to a webhook means (spec 6 rule 2): acknowledged only on HTTP 2xx with a JSON body
 * whose `error` is 0. `error` also carries Mode A's deny codes, so it is parsed, not just compared.
 */
export type AckVerdict =
  | { acknowledged: true; error: 0; description: string | null }
  | { acknowledged: false; error: number | null; description: string | null; reason: string };

export function readAck(httpStatus: number, bodyText: string): AckVerdict {
  let json: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch {
    json = undefined;
  }
  const obj = json !== null && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
  // PHP and friends often send numbers as text: "0" is 0.
  const raw = obj?.error;
  const error = typeof raw === 'number' && Number.isInteger(raw) ? raw : typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : null;
  const description = typeof obj?.description === 'string' ? obj.description : null;
  if (httpStatus < 200 || httpStatus > 299) return { acknowledged: false, error, description, reason: `HTTP ${httpStatus}` };
  if (!obj) return { acknowledged: false, error: null, description: null, reason: 'response is not a JSON object' };
  if (error === null) return { acknowledged: false, error: null, description, reason: 'response has no numeric error field' };
  if (error !== 0) return { acknowledged: false, error, description, reason: `operator answered error ${error}` };
  return { acknowledged: true, error: 0, description };
}
