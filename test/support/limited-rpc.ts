import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface RpcRequest {
  jsonrpc: '2.0';
  id: number | string;
  method: string;
  params?: unknown[];
}

export interface LimitedRpcOptions {
  /** The node (or proxy) answering what is let through. */
  target: string;
  /** eth_getLogs over more blocks than this is refused, as hosted providers do. */
  maxLogBlocks: number;
  /** Every n-th request is throttled: an HTTP 429, or (every other time) a rate-limit error in a 200's body. */
  throttleEvery: number;
  /** A path the URL carries, as a provider's API key (it must never reach a log). */
  token: string;
}

/**
 * A JSON-RPC proxy in front of the dev node that behaves like a hosted provider under load: it refuses eth_getLogs
 * over `maxLogBlocks` blocks with the providers' own errors (Infura's -32005, Alchemy-style -32602, in turn) and
 * throttles now and then. `seen` counts what it did, so a test knows its limits were met.
 */
export async function startLimitedRpc(o: LimitedRpcOptions) {
  const seen = { requests: 0, rangeRefusals: 0, throttled: 0, logCalls: 0 };
  const forward = async (body: unknown) => {
    const r = await fetch(o.target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return r.json() as Promise<unknown>;
  };
  const head = async () => Number(((await forward({ jsonrpc: '2.0', id: 0, method: 'eth_blockNumber', params: [] })) as { result: string }).result);
  const blockOf = async (tag: unknown) => (tag === undefined || tag === 'latest' || tag === 'pending' ? head() : tag === 'earliest' ? 0 : Number(tag));

  /** The refusal of one request, or null when it may go to the node. */
  const refusal = async (req: RpcRequest) => {
    if (req.method !== 'eth_getLogs') return null;
    seen.logCalls++;
    const filter = (req.params?.[0] ?? {}) as { fromBlock?: string; toBlock?: string; blockHash?: string };
    if (filter.blockHash) return null;
    const span = (await blockOf(filter.toBlock)) - (await blockOf(filter.fromBlock)) + 1;
    if (span <= o.maxLogBlocks) return null;
    seen.rangeRefusals++;
    const error = seen.rangeRefusals % 2 ? { code: -32005, message: 'query returned more than 10000 results' } : { code: -32602, message: `block range is too wide: at most ${o.maxLogBlocks} blocks` };
    return { jsonrpc: '2.0', id: req.id, error };
  };

  const answer = async (body: RpcRequest | RpcRequest[]) => {
    const list = Array.isArray(body) ? body : [body];
    const refused = await Promise.all(list.map(refusal));
    const passed = list.filter((_, i) => !refused[i]);
    const answers = passed.length ? ((await forward(passed)) as Array<{ id: unknown }>) : [];
    const merged = list.map((req, i) => refused[i] ?? answers.find((a) => a.id === req.id));
    return Array.isArray(body) ? merged : merged[0];
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url !== `/${o.token}`) return void res.writeHead(404).end();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RpcRequest | RpcRequest[];
      if (++seen.requests % o.throttleEvery === 0) {
        seen.throttled++;
        if (seen.throttled % 2) return void res.writeHead(429, { 'content-type': 'text/plain' }).end('Too Many Requests');
        const limited = (r: RpcRequest) => ({ jsonrpc: '2.0', id: r.id, error: { code: -32005, message: 'daily request count exceeded, request rate limited' } });
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(Array.isArray(body) ? body.map(limited) : limited(body)));
      }
      answer(body)
        .then((a) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(a)))
        .catch(() => res.writeHead(502).end());
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/${o.token}`,
    seen,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
