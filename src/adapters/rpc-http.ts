import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { promisify } from 'node:util';
import { gunzip as gunzipCallback } from 'node:zlib';
import { type FetchRequest, type GetUrlResponse, makeError } from 'ethers';

const gunzip = promisify(gunzipCallback);

/**
 * ethers' own Node transport only stops waiting at its timeout: the socket to an endpoint that hangs stays open. This
 * one aborts the request at its deadline, or once the call it serves was answered by another endpoint, so a hanging
 * endpoint holds nothing once its call has moved on. It is node:http on the default keep-alive agents, not fetch: a
 * call cost the process about a quarter of fetch's CPU (docs/performance.md), and every flow makes several.
 */
export async function postWithDeadline(req: FetchRequest, abandoned?: AbortSignal): Promise<GetUrlResponse> {
  const deadline = AbortSignal.timeout(req.timeout);
  const url = new URL(req.url);
  const body = req.body ? Buffer.from(req.body) : undefined;
  const options: RequestOptions = {
    method: req.method,
    headers: { ...req.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
    signal: abandoned ? AbortSignal.any([deadline, abandoned]) : deadline,
  };
  try {
    const { res, raw } = await new Promise<{ res: IncomingMessage; raw: Buffer }>((resolve, reject) => {
      const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, options, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => resolve({ res, raw: Buffer.concat(chunks) }));
      });
      request.on('error', reject);
      request.end(body);
    });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    // ethers asks for gzip (accept-encoding); fetch unpacked it by itself.
    const encoding = headers['content-encoding'];
    if (encoding !== undefined && encoding !== 'identity' && encoding !== 'gzip') throw new Error(`unsupported content-encoding ${encoding}`);
    return { statusCode: res.statusCode ?? 0, statusMessage: res.statusMessage ?? '', headers, body: encoding === 'gzip' ? await gunzip(raw) : raw };
  } catch (err) {
    if (deadline.aborted) throw makeError('request timeout', 'TIMEOUT', { operation: 'request', reason: 'timeout' });
    throw err;
  }
}
