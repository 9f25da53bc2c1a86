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
  // Each series' children, kept: looking them up by labels hashed the labels twice a request. The keys are bounded as
  // the labels are (the HTTP parser's methods, the route templates, the status codes).
  const series = new Map<string, { count: Counter.Internal; time: Histogram.Internal<(typeof labelNames)[number]> }>();
  return (req, res, next) => {
    const started = performance.now();
    res.on('finish', () => {
      const route = routeTemplate(req);
      const status = String(res.statusCode);
      const key = `${req.method} ${status} ${route}`;
      let s = series.get(key);
      if (!s) series.set(key, (s = { count: requests.labels(req.method, route, status), time: latency.labels(req.method, route, status) }));
      s.count.inc();
      s.time.observe((performance.now() - started) / 1000);
    });
    next();
  };
}
