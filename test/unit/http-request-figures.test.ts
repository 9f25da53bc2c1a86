import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import express from 'express';
import { Registry } from 'prom-client';
import { createLogger } from '../../src/adapters/logger';
import { requestContext } from '../../src/api/middleware/request-context';
import { newSessionRef } from '../../src/domain/sessions';
import { httpMetrics } from '../../src/metrics/http';

/** A real Express app with the access line and the metrics in front of two routes; answers its base URL. */
async function app(level: 'info' | 'warn') {
  const stream = new PassThrough();
  const lines: Array<Record<string, unknown>> = [];
  stream.on('data', (chunk: Buffer) => {
    for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l));
  });
  const registry = new Registry();
  const a = express();
  a.use(requestContext(createLogger({ level, stream })), httpMetrics(registry));
  a.get('/things/:id', (req, res) => void res.status(req.params.id === 'missing' ? 404 : 200).json({}));
  a.post('/things', (_req, res) => void res.status(201).json({}));
  const server = a.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const call = async (method: string, path: string) => (await fetch(base + path, { method })).status;
  const settled = () => new Promise((r) => setImmediate(r)); // the finish listeners run after the answer is out
  return { call, lines, registry, settled, close: () => new Promise((r) => server.close(r)) };
}

describe('the figures of each HTTP request', () => {
  it('When requests are answered, Then each (method, route, status) series counts and times its own, never another', async () => {
    const a = await app('warn');
    try {
      for (const [method, path] of [['GET', '/things/a1'], ['GET', '/things/b2'], ['GET', '/things/missing'], ['POST', '/things'], ['GET', '/things/c3']]) {
        await a.call(method!, path!);
      }
      await a.settled();
      const text = await a.registry.metrics();
      const sample = (name: string) => Number(new RegExp(`^${name.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1]);
      expect(sample('gateway_http_requests_total{method="GET",route="/things/:id",status="200"}')).toBe(3);
      expect(sample('gateway_http_requests_total{method="GET",route="/things/:id",status="404"}')).toBe(1);
      expect(sample('gateway_http_requests_total{method="POST",route="/things",status="201"}')).toBe(1);
      expect(sample('gateway_http_request_duration_seconds_count{method="GET",route="/things/:id",status="200"}')).toBe(3);
      expect(sample('gateway_http_request_duration_seconds_count{method="POST",route="/things",status="201"}')).toBe(1);
      const seconds = sample('gateway_http_request_duration_seconds_sum{method="GET",route="/things/:id",status="200"}');
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThan(5);
    } finally {
      await a.close();
    }
  });

  it('When the level is info, Then each request writes one line with its route template and masked path; at warn, none', async () => {
    const info = await app('info');
    const warn = await app('warn');
    try {
      await info.call('GET', '/things/0123456789abcdef0123');
      await warn.call('GET', '/things/0123456789abcdef0123');
      await info.settled();
      await warn.settled();
      expect(info.lines).toHaveLength(1);
      expect(info.lines[0]).toMatchObject({ msg: 'request', method: 'GET', route: '/things/:id', path: '/things/:id', status: 200 });
      expect(info.lines[0]!.latencyMs).toEqual(expect.any(Number));
      expect(warn.lines).toHaveLength(0);
    } finally {
      await Promise.all([info.close(), warn.close()]);
    }
  });

  it('When many session references are drawn, Then every one is new and has 32 hex digits, past each refill of the random bytes', () => {
    const refs = Array.from({ length: 1000 }, () => newSessionRef());
    for (const r of refs) expect(r).toMatch(/^sr_[0-9a-f]{32}$/);
    expect(new Set(refs).size).toBe(refs.length);
  });
});
