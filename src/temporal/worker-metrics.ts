import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { Db } from '../adapters/db';
import { freePort } from '../adapters/free-port';
import { registerReconcileMetrics } from '../reconcile/metrics';

/**
 * The worker's GET /metrics on `port`: its process metrics (prom-client) and the scheduled reconcile's outcome,
 * followed by Temporal's worker metrics, which Temporal's core serves on a loopback port of its own (`coreAddress`,
 * passed to installTemporalLogger).
 */
export async function workerMetricsAddress(): Promise<string> {
  return `127.0.0.1:${await freePort()}`;
}

export function serveWorkerMetrics(port: number, coreAddress: string, db: Db, host = '127.0.0.1'): Promise<{ close(): Promise<void>; port: number }> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'gateway_worker_' });
  registerReconcileMetrics(registry, db);
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
    server.listen(port, host, () => resolve({ close: () => new Promise<void>((r) => server.close(() => r())), port: (server.address() as AddressInfo).port }));
  });
}
