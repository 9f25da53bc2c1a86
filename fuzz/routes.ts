import type { Express } from 'express';

export interface RouteSpec {
  method: string;
  /** Express path, e.g. /withdrawals/:sessionRef/execute. */
  path: string;
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  /** A router's own layers, or the endpoints' segment routers (src/api/register.ts). */
  handle?: { stack?: Layer[]; segments?: Array<{ stack: Layer[] }> };
}

/** Every route the app answers, read from its router, so a route added later is fuzzed without touching this code. */
export function listRoutes(app: Express): RouteSpec[] {
  const out: RouteSpec[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const m of Object.keys(layer.route.methods)) if (m !== '_all') out.push({ method: m.toUpperCase(), path: layer.route.path });
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      } else if (layer.handle?.segments) {
        for (const router of layer.handle.segments) walk(router.stack);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return out;
}
