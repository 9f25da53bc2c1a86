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

function networkReason(err: unknown): string {
  const e = err as { name?: string; cause?: { code?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'timeout';
  return e?.cause?.code ? `network error ${e.cause.code}` : 'network error';
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
    const text = await res.text();
    return {
      httpStatus: res.status,
      networkError: null,
      latencyMs: Math.round(performance.now() - started),
      excerpt: text.slice(0, EXCERPT_CHARS),
      ack: readAck(res.status, text),
    };
  } catch (err) {
    return { httpStatus: null, networkError: networkReason(err), latencyMs: Math.round(performance.now() - started), excerpt: null, ack: null };
  }
}
