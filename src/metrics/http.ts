import type { RequestHandler } from 'express';
import { Counter, Histogram, type Registry } from 'prom-client';
import { routeTemplate } from '../api/middleware/request-context';

/** HTTP requests and latency by method, route template and status: bounded labels, never an id or a sid. */
export function httpMetrics(registry: Registry): RequestHandler {
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'gateway_http_requests_total', help: 'HTTP requests answered', labelNames, registers: [registry] });
  const latency = new Histogram({
    name: 'gateway_http_request_duration_seconds',
    help: 'Time to answer an HTTP request',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return (req, res, next) => {
    const end = latency.startTimer();
    res.on('finish', () => {
      const labels = { method: req.method, route: routeTemplate(req), status: String(res.statusCode) };
      requests.inc(labels);
      end(labels);
    });
    next();
  };
}
