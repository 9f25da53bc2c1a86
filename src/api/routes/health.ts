import { activeChains } from '../../store/registry-reads';
import { temporalUp } from '../../temporal/client/connection';
import { endpoint } from '../endpoint';
import { json } from '../openapi/operation';
import { publicAccess } from '../auth-kinds';
import { healthResponse } from '../schemas/responses';

type Check = 'up' | 'down';
const tag = 'Public';

/** /healthz: the process answers, without touching a dependency (liveness must not fail because PostgreSQL is down). */
const liveness = endpoint({
  operationId: 'checkLiveness',
  method: 'get',
  path: '/healthz',
  tag,
  auth: publicAccess,
  summary: 'The process answers',
  description:
    'Liveness: answers 200 while the process serves requests; it checks no dependency.',
  responses: { 200: json('Up', healthResponse) },
  handler: ({ res }) => {
    res.json({ status: 'ok', checks: {} });
  },
});

/** /readyz: 200 only when PostgreSQL, Temporal and every active chain's RPC answer. */
const readiness = endpoint({
  operationId: 'checkReadiness',
  method: 'get',
  path: '/readyz',
  tag,
  auth: publicAccess,
  summary: 'PostgreSQL, Temporal and every active chain answer',
  description:
    "Readiness: 200 when PostgreSQL, Temporal and every active chain's node answer; 503 with the same body naming what is down.",
  responses: { 200: json('Ready', healthResponse), 503: json('A dependency is down', healthResponse) },
  handler: async ({ deps: { db, temporal, chains, readiness: known }, res }) => {
    // The active chains come from the registry; when the database itself is down, the last list read stands.
    const database: Check = await activeChains(db)
      .then((rows) => {
        known.chainIds = rows.map((r) => r.chainId);
        return 'up' as const;
      })
      .catch(() => 'down' as const);
    const chainIds = known.chainIds;
    const [temporalCheck, ...chainChecks] = await Promise.all([temporalUp(temporal.connection), ...chainIds.map((id) => chains.up(id))]);
    const checks = {
      database,
      temporal: (temporalCheck ? 'up' : 'down') as Check,
      chains: Object.fromEntries(chainIds.map((id, i) => [String(id), chainChecks[i] ? 'up' : 'down'])),
    };
    const ok = database === 'up' && checks.temporal === 'up' && chainChecks.every(Boolean);
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'degraded', checks });
  },
});

export const healthEndpoints = [liveness, readiness];
