import { Router, type Express, type RequestHandler } from 'express';
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
function mountEndpoint(routes: SegmentRouters, e: Endpoint, deps: EndpointDeps): void {
  const keyed = takesIdempotencyKey(e) ? [idempotency(deps.db, deps.logger)] : [];
  routes.route(e.method, e.path, ...e.auth.steps(deps), ...keyed, async (req, res) => {
    const body = e.body && !e.parsedByHandler ? e.body.parse(req.body ?? {}) : undefined;
    const query = e.query && !e.parsedByHandler ? e.query.parse(req.query) : undefined;
    const params = !e.params ? null : e.rejectBadParams ? e.params.parse(req.params) : (e.params.safeParse(req.params).data ?? null);
    await e.handler({ deps, body, query, params, req, res });
  });
}

/** A path's first segment as Express matches it (case-insensitively): `/Session/deposit` → `session`. */
const segmentOf = (path: string) => (path.split('/', 2)[1] ?? '').toLowerCase();

/**
 * The mounted layers kept by the first segment of their path, each segment's in the order mounted. Every declared
 * path starts with a literal segment, so a layer can only match requests under its own: a request walks its segment's
 * few layers, the same ones in the same order, instead of every endpoint's (the router and Express took 54 µs of a
 * session's 342 when it passed over 31 layers, 42 now; docs/performance.md).
 */
export class SegmentRouters {
  private readonly routers = new Map<string, Router>();

  private of(path: string): Router {
    const segment = segmentOf(path);
    // A parameter or pattern there would be looked up as the literal text: a route no request could reach.
    if (!/^[\w.-]+$/.test(segment)) throw new Error(`${path}: an endpoint's path must start with a literal segment`);
    let router = this.routers.get(segment);
    if (!router) this.routers.set(segment, (router = Router()));
    return router;
  }

  /** As `app.use(paths, ...)`: one layer per segment for its paths, so a request matching two of them runs it once. */
  use(paths: string[], ...handlers: RequestHandler[]): void {
    const bySegment = new Map<string, string[]>();
    for (const path of paths) bySegment.set(segmentOf(path), [...(bySegment.get(segmentOf(path)) ?? []), path]);
    for (const same of bySegment.values()) this.of(same[0]!).use(same, ...handlers);
  }

  route(method: Endpoint['method'], path: string, ...handlers: RequestHandler[]): void {
    this.of(path)[method](path, ...handlers);
  }

  /**
   * The middleware that hands a request to its segment's layers; a segment nothing is mounted under falls through. It
   * carries the segments' routers (`segments`) for what lists the app's routes (the fuzz run).
   */
  dispatch(): RequestHandler & { segments: Router[] } {
    const dispatch: RequestHandler = (req, res, next) => {
      const router = this.routers.get(segmentOf(req.path));
      if (router) router(req, res, next);
      else next();
    };
    return Object.assign(dispatch, { segments: [...this.routers.values()] });
  }
}

/**
 * Mounts every endpoint from its declaration. Order: the per-sid rate limit on the sid paths; each group's prefix
 * middleware and its endpoints without a header credential; then, per header credential, its guard on its
 * endpoints' first segments and those endpoints. So a sid or public endpoint under an operator segment
 * (`/session/info`) answers before the operator guard, and an undeclared path under one is refused by it first.
 */
export function mountEndpoints(app: Express, groups: EndpointGroup[], deps: EndpointDeps): void {
  const routes = new SegmentRouters();
  routes.use(sidPaths(groups), sidRateLimit());
  for (const g of groups) {
    if (g.prefix) routes.use([g.prefix.path], ...g.prefix.use(deps));
    for (const e of g.endpoints) if (!GUARDS[e.auth.kind]) mountEndpoint(routes, e, deps);
  }
  for (const [kind, guard] of Object.entries(GUARDS) as Array<[AuthKind, NonNullable<(typeof GUARDS)[AuthKind]>]>) {
    const guarded = groups.flatMap((g) => g.endpoints).filter((e) => e.auth.kind === kind);
    if (!guarded.length) continue;
    routes.use(firstSegments(guarded), guard(deps));
    for (const e of guarded) mountEndpoint(routes, e, deps);
  }
  app.use(routes.dispatch());
}
