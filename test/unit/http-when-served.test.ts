import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpWhenServed } from '../support/http';

/** A server answering each request with the next of `answers` (the last one repeats); counts the requests. */
async function serve(answers: Array<{ status: number; errorCode?: string; retryAfter?: string }>): Promise<{ url: string; count: () => number; server: Server }> {
  let n = 0;
  const server = createServer((_req, res) => {
    const a = answers[Math.min(n++, answers.length - 1)]!;
    if (a.retryAfter !== undefined) res.setHeader('Retry-After', a.retryAfter);
    res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.errorCode ? { errorCode: a.errorCode } : { data: 'ok' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, count: () => n, server };
}

describe('httpWhenServed (the scripts that drive a real start)', () => {
  const servers: Server[] = [];
  afterAll(() => servers.forEach((s) => s.close()));

  it('asks again after Retry-After while the service answers busy, and returns the first other answer', async () => {
    const s = await serve([{ status: 503, errorCode: 'SERVICE_UNAVAILABLE', retryAfter: '0' }, { status: 503, errorCode: 'SERVICE_UNAVAILABLE', retryAfter: '0' }, { status: 200 }]);
    servers.push(s.server);
    const r = await httpWhenServed(s.url, 'POST', '/x', { json: {} });
    expect([r.status, s.count()]).toEqual([200, 3]);
  });

  it('returns any other error at once', async () => {
    const s = await serve([{ status: 500, errorCode: 'INTERNAL_ERROR' }, { status: 200 }]);
    servers.push(s.server);
    const r = await httpWhenServed(s.url, 'POST', '/x', { json: {} });
    expect([r.status, s.count()]).toEqual([500, 1]);
  });

  it('gives the busy answer back once waiting again would pass its time', async () => {
    const s = await serve([{ status: 503, errorCode: 'SERVICE_UNAVAILABLE', retryAfter: '1' }, { status: 200 }]);
    servers.push(s.server);
    const r = await httpWhenServed(s.url, 'POST', '/x', { json: {} }, 500);
    expect([r.status, s.count()]).toEqual([503, 1]);
  });
});
