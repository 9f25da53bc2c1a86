import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type { Logger } from '../../adapters/logger';

const SAFE_ID = /^[\w.-]{8,128}$/;

/** The matched route's template (`/withdrawals/:id`), so ids and sids in paths stay out of logs and metric labels. */
export function routeTemplate(req: Request): string {
  return req.route ? `${req.baseUrl}${String(req.route.path)}` : 'unmatched';
}

/** The path with every id-like segment (a sid is one) replaced, for requests refused before a route matched. */
export function maskedPath(path: string): string {
  return path.split('/').map((seg) => (/^[\w.%-]{16,}$/.test(seg) || /\d{4,}/.test(seg) ? ':id' : seg)).join('/');
}

/** Request id (taken from X-Request-Id when sane, else new) and one access-log line per request. */
export function requestContext(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get('x-request-id');
    const requestId = incoming && SAFE_ID.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = requestId;
    res.setHeader('X-Request-Id', requestId);
    const started = performance.now();
    res.on('finish', () => {
      // The line's fields cost more than the rest of this middleware: built only when the line is written.
      if (!logger.enabled('info')) return;
      const latencyMs = Math.round((performance.now() - started) * 1000) / 1000;
      logger.info('request', { requestId, method: req.method, route: routeTemplate(req), path: maskedPath(req.path), status: res.statusCode, latencyMs });
    });
    next();
  };
}
