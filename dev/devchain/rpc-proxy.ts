import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RpcProxy {
  url: string;
  stop(): Promise<void>;
}

export type RpcState = 'up' | 'down';

/** The proxy's own endpoints; every other path is forwarded to the node. */
const SWITCH_PATH = '/__dev/rpc';
const CALLS_PATH = '/__dev/rpc/calls';

/**
 * What the proxy forwarded since it started: JSON-RPC calls by method (each entry of a batch counts, as providers bill
 * them) and HTTP requests. A reader takes the difference of two snapshots (bench/rpc-calls.ts).
 */
export interface RpcCalls {
  calls: Record<string, number>;
  requests: number;
}

/**
 * A JSON-RPC forwarding proxy in front of the dev node. The service reaches the chain only through it, so
 * `dev rpc --down` can make the chain unreachable for the service (connections reset) while tests and dev commands
 * keep talking to the node directly. It counts the calls it forwards by method (`proxyRpcCalls`): what a provider
 * would bill the service for.
 */
export async function startRpcProxy({ target, port, host = '127.0.0.1' }: { target: string; port: number; host?: string }): Promise<RpcProxy> {
  const upstream = new URL(target);
  const rpc: { state: RpcState } = { state: 'up' };
  const counted: RpcCalls = { calls: {}, requests: 0 };

  const server = http.createServer((req, res) => {
    if (req.url === SWITCH_PATH) {
      handleSwitch(req, res, rpc);
      return;
    }
    if (req.url === CALLS_PATH) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(counted));
      return;
    }
    // Like an unreachable node: no HTTP answer at all, the client sees a reset connection.
    if (rpc.state === 'down') {
      req.socket.destroy();
      return;
    }
    const forward = http.request(
      { hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    // The node itself unreachable: passed on the same way. A client that hangs up abandons the forward.
    forward.on('error', () => req.socket.destroy());
    req.on('error', () => forward.destroy());
    const body: Buffer[] = [];
    req.on('data', (chunk: Buffer) => body.push(chunk));
    req.on('end', () => count(counted, Buffer.concat(body)));
    req.pipe(forward);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { port: boundPort } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${boundPort}`,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // Keep-alive connections from clients would otherwise hold close() open.
        server.closeAllConnections();
      }),
  };
}

/** Counts one forwarded request's calls by method; a body that is not JSON-RPC counts as a request only. */
function count(counted: RpcCalls, body: Buffer): void {
  counted.requests++;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return;
  }
  for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
    const method = (call as { method?: unknown } | null)?.method;
    if (typeof method === 'string') counted.calls[method] = (counted.calls[method] ?? 0) + 1;
  }
}

/** GET answers the state; POST `{"up": boolean}` sets it. */
function handleSwitch(req: http.IncomingMessage, res: http.ServerResponse, rpc: { state: RpcState }): void {
  const reply = (status: number, body: object) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (req.method === 'GET') return reply(200, { rpc: rpc.state });
  if (req.method !== 'POST') return reply(405, { error: 'use GET or POST' });
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    let up: unknown;
    try {
      up = (JSON.parse(body) as { up?: unknown }).up;
    } catch {
      up = undefined;
    }
    if (typeof up !== 'boolean') return reply(400, { error: 'expected a JSON body {"up": true|false}' });
    rpc.state = up ? 'up' : 'down';
    reply(200, { rpc: rpc.state });
  });
}

/** The client side of `dev rpc --up|--down`: switches the proxy at `proxyUrl` and returns its new state. */
export async function setProxyRpc(proxyUrl: string, up: boolean): Promise<{ rpc: RpcState }> {
  const res = await fetch(new URL(SWITCH_PATH, proxyUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ up }),
  });
  if (!res.ok) throw new Error(`rpc proxy at ${proxyUrl} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { rpc: RpcState };
}

/** The calls the proxy at `proxyUrl` has forwarded so far. */
export async function proxyRpcCalls(proxyUrl: string): Promise<RpcCalls> {
  const res = await fetch(new URL(CALLS_PATH, proxyUrl));
  if (!res.ok) throw new Error(`rpc proxy at ${proxyUrl} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as RpcCalls;
}
