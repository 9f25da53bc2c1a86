import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { EndpointRotation } from '../../src/adapters/endpoint-rotation';
import { FailoverRpcProvider } from '../../src/adapters/rpc-provider';
import { isLogRangeError, isThrottledAnswer } from '../../src/adapters/rpc-limits';
import { rpcUrlRedactor } from '../../src/adapters/rpc-redaction';
import { eventually } from '../support/wait';

/** A rotation on a clock the test moves, whose probes answer what the test says. */
function rotation(probeAnswers: boolean[]) {
  const clock = { now: 0 };
  const probed: string[] = [];
  const switches: Array<[number, number]> = [];
  const r = new EndpointRotation(['u1', 'u2', 'u3'], async (url) => {
    probed.push(url);
    return probeAnswers.shift() ?? false;
  }, { returnAfterMs: 60_000, now: () => clock.now, onSwitch: (from, to) => switches.push([from, to]) });
  return { r, clock, probed, switches };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('EndpointRotation', () => {
  it('When the active endpoint fails, Then the next one is tried first from then on, and a stale failure moves nothing', () => {
    const { r, switches } = rotation([]);
    expect(r.order()).toEqual([0, 1, 2]);
    r.failed(0);
    expect(r.order()).toEqual([1, 2, 0]);
    // A call that started on endpoint 0 before the failover reports late: the rotation stays on 1.
    r.failed(0);
    expect(r.order()).toEqual([1, 2, 0]);
    r.failed(1);
    r.failed(2);
    expect(r.order()).toEqual([0, 1, 2]);
    expect(switches).toEqual([[0, 1], [1, 2], [2, 0]]);
  });

  it('When the return period has passed, Then the first endpoint is probed and is active again only once its probe answers', async () => {
    const { r, clock, probed, switches } = rotation([false, true]);
    r.failed(0);
    clock.now = 59_999;
    expect(r.order()).toEqual([1, 2, 0]);
    expect(probed).toEqual([]);

    clock.now = 60_000;
    expect(r.order()).toEqual([1, 2, 0]);
    await settle();
    expect(probed).toEqual(['u1']);
    // The failed probe starts another period.
    clock.now = 119_999;
    expect(r.order()).toEqual([1, 2, 0]);
    await settle();
    expect(probed).toEqual(['u1']);

    clock.now = 120_000;
    r.order();
    await settle();
    expect(probed).toEqual(['u1', 'u1']);
    expect(r.order()).toEqual([0, 1, 2]);
    expect(switches).toEqual([[0, 1], [1, 0]]);
  });
});

describe('provider limits', () => {
  it.each([
    [{ code: 429, message: 'Too Many Requests' }, true],
    [{ code: -32005, message: 'daily request count exceeded, request rate limited' }, true],
    [{ code: -32000, message: 'Your app has exceeded its compute units per second capacity' }, true],
    [{ code: -32005, message: 'query returned more than 10000 results' }, false],
    [{ code: 3, message: 'execution reverted' }, false],
    [undefined, false],
  ])('When an answer carries the error %p, Then throttled is %p', (error, throttled) => {
    expect(isThrottledAnswer(error)).toBe(throttled);
  });

  it.each([
    [{ code: -32005, message: 'query returned more than 10000 results' }, true],
    [{ code: -32602, message: 'Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range' }, true],
    [{ code: -32000, message: 'block range is too wide' }, true],
    [{ code: -32600, message: 'eth_getLogs is limited to a 10,000 range' }, true],
    [{ code: -32000, message: 'exceed maximum block range: 5000' }, true],
    [{ code: -32000, message: 'header not found' }, false],
  ])('When eth_getLogs fails with %p, Then a range error is %p', (error, range) => {
    expect(isLogRangeError({ code: 'UNKNOWN_ERROR', error })).toBe(range);
  });

  it('When a chain has several endpoints, Then each URL is redacted to its own numbered label', () => {
    const redact = rpcUrlRedactor({ 8453: ['https://a.example/KEY-A', 'https://b.example/KEY-B'], 1: ['https://c.example/KEY-C'] });
    expect(redact('a https://a.example/KEY-A b https://b.example/KEY-B c https://c.example/KEY-C')).toBe('a <rpc 1 of chain 8453> b <rpc 2 of chain 8453> c <rpc of chain 1>');
  });
});

/** A local JSON-RPC endpoint: the nth request (from 1) hangs or answers eth_blockNumber after a delay. */
async function endpoint(behave: (n: number) => 'hang' | { afterMs: number; block: number }) {
  const seen = { requests: 0, abandoned: 0 };
  const server = http.createServer((req, res) => {
    const how = behave(++seen.requests);
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    res.on('close', () => {
      if (!res.writableFinished) seen.abandoned++;
    });
    if (how === 'hang') return;
    req.on('end', () => {
      const { id } = JSON.parse(body) as { id: number };
      setTimeout(() => res.end(JSON.stringify({ jsonrpc: '2.0', id, result: `0x${how.block.toString(16)}` })), how.afterMs);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    seen,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

describe('FailoverRpcProvider', () => {
  // A call handed to the hanging endpoint would wait its 300 s: fail long before that.
  jest.setTimeout(10_000);
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((c) => c()));
  });
  async function provider(...behaviours: Array<Parameters<typeof endpoint>[0]>) {
    const endpoints = await Promise.all(behaviours.map(endpoint));
    closers.push(...endpoints.map((e) => e.close));
    const p = new FailoverRpcProvider(1337, endpoints.map((e) => e.url), { timeoutMs: 200, logsMaxBlocks: 1000, headShareMs: 0 });
    closers.push(async () => p.destroy());
    return { p, endpoints };
  }

  it('When the first endpoint hangs, Then the second answers after the timeout, stays in use, and the hanging request is dropped', async () => {
    const { p, endpoints: [first, second] } = await provider(() => 'hang', () => ({ afterMs: 0, block: 7 }));
    expect(await p.getBlockNumber()).toBe(7);
    expect(await p.getBlockNumber()).toBe(7);
    expect(first!.seen.requests).toBe(1);
    expect(second!.seen.requests).toBe(2);
    await eventually(async () => first!.seen.abandoned === 1, 2_000, 'the hanging request to be dropped');
    expect(first!.seen.abandoned).toBe(1);
  });

  it('When the endpoint in use answers slowly past the timeout while the other hangs, Then its slow answer is taken and it stays in use', async () => {
    // The first hangs once, so the second is in use; then the second is slow: the call must not end up on the first.
    const { p, endpoints: [first, second] } = await provider(
      () => 'hang',
      (n) => ({ afterMs: n === 2 ? 700 : 0, block: 10 + n }),
    );
    expect(await p.getBlockNumber()).toBe(11);
    expect(await p.getBlockNumber()).toBe(12);
    expect(await p.getBlockNumber()).toBe(13);
    // The slow call asked the hanging endpoint too (after the timeout), and dropped it once the answer came.
    expect(first!.seen.requests).toBe(2);
    expect(second!.seen.requests).toBe(3);
    await eventually(async () => first!.seen.abandoned === 2, 2_000, 'the hanging requests to be dropped');
    expect(first!.seen.abandoned).toBe(2);
  });

  it('When the first endpoint is slow and the second faster, Then the first answer wins and the faster endpoint is used from then on', async () => {
    const { p, endpoints: [first, second] } = await provider(() => ({ afterMs: 1_000, block: 1 }), () => ({ afterMs: 0, block: 2 }));
    expect(await p.getBlockNumber()).toBe(2);
    expect(await p.getBlockNumber()).toBe(2);
    expect([first!.seen.requests, second!.seen.requests]).toEqual([1, 2]);
  });

  it('When an endpoint answers gzip, as asked, Then the call reads the unpacked answer; an answer cut off is a failure, not a result', async () => {
    const seen: Array<string | undefined> = [];
    const server = http.createServer((req, res) => {
      seen.push(req.headers['accept-encoding']);
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const { id, method } = JSON.parse(body) as { id: number; method: string };
        if (method === 'eth_chainId') {
          // A length promised and not delivered: the connection ends mid-answer.
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' }).write('{"jsonrpc":"2.0",');
          res.destroy();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(gzipSync(JSON.stringify({ jsonrpc: '2.0', id, result: '0x2a' })));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    closers.push(() => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))));
    const p = new FailoverRpcProvider(1337, [`http://127.0.0.1:${(server.address() as AddressInfo).port}/`], { timeoutMs: 200, logsMaxBlocks: 1000, headShareMs: 0 });
    closers.push(async () => p.destroy());
    expect(await p.getBlockNumber()).toBe(42);
    expect(seen).toEqual(['gzip']);
    await expect(p.send('eth_chainId', [])).rejects.toThrow();
  });
});
