import { readAck, type AckVerdict } from '../domain/webhook-ack';

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
}

export interface WebhookResponse {
  /** null when no HTTP answer came (DNS, refused, reset, timeout). */
  httpStatus: number | null;
  /** A short network error, or null when an HTTP answer came. */
  networkError: string | null;
  latencyMs: number;
  /** The first characters of the answer, for the attempt log. */
  excerpt: string | null;
  ack: AckVerdict | null;
}

const EXCERPT_CHARS = 500;
/** An acknowledgement or a Mode A answer is a few dozen bytes; anything past this is cut off, never buffered. */
export const MAX_ANSWER_BYTES = 16 * 1024;

function networkReason(err: unknown): string {
  const e = err as { name?: string; cause?: { code?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'timeout';
  return e?.cause?.code ? `network error ${e.cause.code}` : 'network error';
}

/**
 * Reads at most MAX_ANSWER_BYTES of the answer; past that it cancels the stream (closing the connection) and says
 * so. Reading stays under the request's deadline, so an answer that drips slowly or never ends times out.
 */
async function readCapped(body: ReadableStream<Uint8Array> | null): Promise<{ text: string; overCap: boolean }> {
  if (!body) return { text: '', overCap: false };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel().catch(() => undefined);
      return { text: Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString('utf8'), overCap: true };
    }
  }
  return { text: Buffer.concat(chunks).toString('utf8'), overCap: false };
}

/** One signed POST of a form-urlencoded webhook body, with a deadline; never throws for the operator's faults. */
export async function postWebhook(req: WebhookRequest): Promise<WebhookResponse> {
  const started = performance.now();
  try {
    const res = await fetch(req.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...req.headers },
      body: req.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(req.timeoutMs),
    });
    const { text, overCap } = await readCapped(res.body);
    const ack: AckVerdict = overCap
      ? { acknowledged: false, error: null, description: null, reason: `response larger than ${MAX_ANSWER_BYTES} bytes` }
      : readAck(res.status, text);
    return {
      httpStatus: res.status,
      networkError: null,
      latencyMs: Math.round(performance.now() - started),
      excerpt: text.slice(0, EXCERPT_CHARS),
      ack,
    };
  } catch (err) {
    return { httpStatus: null, networkError: networkReason(err), latencyMs: Math.round(performance.now() - started), excerpt: null, ack: null };
  }
}
