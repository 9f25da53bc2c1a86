import { timingSafeEqual } from 'node:crypto';
import { Router } from 'express';
import type { Registry } from 'prom-client';
import { AppError } from '../../domain/errors';

/** GET /metrics (Prometheus text). With METRICS_TOKEN set, only a scraper presenting it as a Bearer token reads it. */
export function metricsRoutes(registry: Registry, token: string | undefined): Router {
  const router = Router();
  router.get('/metrics', async (req, res) => {
    if (token) {
      const given = Buffer.from(req.get('authorization')?.replace(/^Bearer /, '') ?? '');
      const want = Buffer.from(token);
      if (given.length !== want.length || !timingSafeEqual(given, want)) throw new AppError('UNAUTHORIZED', 'Metrics need the metrics token');
    }
    res.type(registry.contentType).send(await registry.metrics());
  });
  return router;
}
