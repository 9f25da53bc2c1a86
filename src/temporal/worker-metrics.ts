import http from 'node:http';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { freePort } from '../adapters/free-port';

/**
 * The worker's GET /metrics on `port`: its process metrics (prom-client) followed by Temporal's worker metrics, which
 * Temporal's core serves on a loopback port of its own (`coreAddress`, passed to installTemporalLogger).
 */
export async function workerMetricsAddress(): Promise<string> {
  return `127.0.0.1:${await freePort()}`;
}

export function serveWorkerMetrics(port: number, coreAddress: string, host = '127.0.0.1'): Promise<{ close(): Promise<void> }> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'gateway_worker_' });
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    void (async () => {
      const own = await registry.metrics();
      const core = await fetch(`http://${coreAddress}/metrics`, { signal: AbortSignal.timeout(2000) }).then((r) => r.text(), () => '');
      res.writeHead(200, { 'content-type': registry.contentType }).end(`${own}\n${core}`);
    })();
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve({ close: () => new Promise<void>((r) => server.close(() => r())) }));
  });
}
