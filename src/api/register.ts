import type { Express } from 'express';
import { GUARDS } from './auth-kinds';
import { takesIdempotencyKey, type AuthKind, type Endpoint, type EndpointDeps, type EndpointGroup } from './endpoint';
import { idempotency } from './middleware/idempotency';
import { sidRateLimit } from './middleware/sid-rate-limit';

/** Every path a sid may come to: each sid endpoint's path, or its group's prefix (the widget's pages take it in the query). */
function sidPaths(groups: EndpointGroup[]): string[] {
  return groups.flatMap((g) => {
    const sid = g.endpoints.filter((e) => e.auth.kind === 'sid').map((e) => e.path);
    return g.prefix && sid.length ? [g.prefix.path] : sid;
  });
}

/** `/withdrawals/:sessionRef/execute` → `/withdrawals`: the segment a guard covers. */
const firstSegments = (endpoints: Endpoint[]) => [...new Set(endpoints.map((e) => `/${e.path.split('/')[1]}`))];

/**
 * One route: its auth's own checks, then on an operator POST its Idempotency-Key (a kept answer is replayed here),
 * then the body and the query (400 VALIDATION_ERROR), then the handler.
 */
function mountEndpoint(app: Express, e: Endpoint, deps: EndpointDeps): void {
  const keyed = takesIdempotencyKey(e) ? [idempotency(deps.db, deps.logger)] : [];
  app[e.method](e.path, ...e.auth.steps(deps), ...keyed, async (req, res) => {
    const body = e.body && !e.parsedByHandler ? e.body.parse(req.body ?? {}) : undefined;
    const query = e.query && !e.parsedByHandler ? e.query.parse(req.query) : undefined;
    const params = !e.params ? null : e.rejectBadParams ? e.params.parse(req.params) : (e.params.safeParse(req.params).data ?? null);
    await e.handler({ deps, body, query, params, req, res });
  });
}

/**
 * Mounts every endpoint from its declaration. Order: the per-sid rate limit on the sid paths; each group's prefix
 * middleware and its endpoints without a header credential; then, per header credential, its guard on its
 * endpoints' first segments and those endpoints. So a sid or public endpoint under an operator segment
 * (`/session/info`) answers before the operator guard, and an undeclared path under one is refused by it first.
 */
export function mountEndpoints(app: Express, groups: EndpointGroup[], deps: EndpointDeps): void {
  app.use(sidPaths(groups), sidRateLimit());
  for (const g of groups) {
    if (g.prefix) app.use(g.prefix.path, ...g.prefix.use(deps));
    for (const e of g.endpoints) if (!GUARDS[e.auth.kind]) mountEndpoint(app, e, deps);
  }
  for (const [kind, guard] of Object.entries(GUARDS) as Array<[AuthKind, NonNullable<(typeof GUARDS)[AuthKind]>]>) {
    const guarded = groups.flatMap((g) => g.endpoints).filter((e) => e.auth.kind === kind);
    if (!guarded.length) continue;
    app.use(firstSegments(guarded), guard(deps));
    for (const e of guarded) mountEndpoint(app, e, deps);
  }
}
