import { Router } from 'express';
import { temporalUp } from '../../temporal/client/connection';
import type { ApiDeps } from '../deps';

type Check = 'up' | 'down';

/** /healthz: the process answers. /readyz: 200 only when PostgreSQL, Temporal and every active chain's RPC answer. */
export function healthRoutes({ db, temporal, chains }: ApiDeps): Router {
  const router = Router();
  // The active chains come from the registry; when the database itself is down, fall back to the configured ones.
  let knownChainIds: number[] = chains.configuredChainIds();

  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', checks: {} });
  });

  router.get('/readyz', async (_req, res) => {
    const database: Check = await db.chain
      .findMany({ where: { active: true }, select: { chainId: true } })
      .then((rows) => {
        knownChainIds = rows.map((r) => r.chainId);
        return 'up' as const;
      })
      .catch(() => 'down' as const);
    const [temporalCheck, ...chainChecks] = await Promise.all([
      temporalUp(temporal.connection),
      ...knownChainIds.map((id) => chains.up(id)),
    ]);
    const checks = {
      database,
      temporal: (temporalCheck ? 'up' : 'down') as Check,
      chains: Object.fromEntries(knownChainIds.map((id, i) => [String(id), chainChecks[i] ? 'up' : 'down'])),
    };
    const ok = database === 'up' && checks.temporal === 'up' && chainChecks.every(Boolean);
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'degraded', checks });
  });

  return router;
}
