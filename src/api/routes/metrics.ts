import { metricsToken } from '../auth-kinds';
import { endpoint } from '../endpoint';
import { z } from '../openapi/zod';

/** GET /metrics (Prometheus text). With METRICS_TOKEN set, only a scraper presenting it as a Bearer token reads it. */
export const metricsEndpoints = [
  endpoint({
    operationId: 'getMetrics',
    method: 'get',
    path: '/metrics',
    tag: 'Public',
    auth: metricsToken,
    summary: 'Prometheus metrics (text exposition format)',
    description:
      'Prometheus text exposition of the API process (HTTP, webhook, price and chain metrics). Needs METRICS_TOKEN as a Bearer token when the gateway sets one.',
    responses: { 200: { description: 'Prometheus text', content: { 'text/plain': { schema: z.string() } } } },
    handler: async ({ deps: { metrics }, res }) => {
      res.type(metrics.contentType).send(await metrics.metrics());
    },
  }),
];
