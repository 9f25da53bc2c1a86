import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { readAck, type AckVerdict } from '../domain/webhook-ack';
import { bareHost, DESTINATION_NOT_ALLOWED, type Cidr } from '../domain/webhook-destination';
import { checkDestination, type Resolve } from './webhook-destination';

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** WEBHOOK_ALLOWED_PRIVATE_CIDRS, parsed. */
  allowed: Cidr[];
  resolve?: Resolve;
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
  const e = err as { name?: string; code?: string };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'timeout';
  return e?.code ? `network error ${e.code}` : 'network error';
}

/**
 * Reads at most MAX_ANSWER_BYTES of the answer; past that it destroys the stream (closing the connection) and says
 * so. Reading stays under the request's deadline, so an answer that drips slowly or never ends times out.
 */
async function readCapped(body: IncomingMessage): Promise<{ text: string; overCap: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      body.destroy();
      return { text: Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString('utf8'), overCap: true };
    }
  }
  return { text: Buffer.concat(chunks).toString('utf8'), overCap: false };
}

/**
 * Sends to the checked address itself, with the URL's host in the Host header and as the TLS server name (so the
 * certificate is still verified against the name): a second resolution, which could answer differently, never happens.
 * Redirects are not followed (node:http never follows them).
 */
function send(url: URL, address: string, req: WebhookRequest, signal: AbortSignal): Promise<IncomingMessage> {
  const options: RequestOptions = {
    method: 'POST',
    host: address,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    path: url.pathname + url.search,
    headers: { host: url.host, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(req.body), ...req.headers },
    signal,
  };
  const host = bareHost(url);
  return new Promise((resolve, reject) => {
    const r =
      url.protocol === 'https:' ? httpsRequest({ ...options, ...(isIP(host) ? {} : { servername: host }) }, resolve) : httpRequest(options, resolve);
    r.on('error', reject);
    r.end(req.body);
  });
}

/**
 * One signed POST of a form-urlencoded webhook body, with a deadline, to an address allowed by CONTRACT §9 "Webhook
 * destinations" (checked at every connection: the name may resolve elsewhere than when it was set); never throws for
 * the operator's faults.
 */
export async function postWebhook(req: WebhookRequest): Promise<WebhookResponse> {
  const started = performance.now();
  const signal = AbortSignal.timeout(req.timeoutMs);
  const failed = (networkError: string): WebhookResponse => ({ httpStatus: null, networkError, latencyMs: Math.round(performance.now() - started), excerpt: null, ack: null });
  let res: IncomingMessage;
  try {
    const url = new URL(req.url);
    const destination = await checkDestination(url, req.allowed, req.resolve);
    if ('refused' in destination) return failed(DESTINATION_NOT_ALLOWED);
    res = await send(url, destination.address, req, signal);
  } catch (err) {
    return failed(networkReason(signal.aborted ? signal.reason : err));
  }
  try {
    const { text, overCap } = await readCapped(res);
    const status = res.statusCode ?? 0;
    const ack: AckVerdict = overCap
      ? { acknowledged: false, error: null, description: null, reason: `response larger than ${MAX_ANSWER_BYTES} bytes` }
      : readAck(status, text);
    return { httpStatus: status, networkError: null, latencyMs: Math.round(performance.now() - started), excerpt: text.slice(0, EXCERPT_CHARS), ack };
  } catch (err) {
    return failed(networkReason(signal.aborted ? signal.reason : err));
  }
}
