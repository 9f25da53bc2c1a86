import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../../adapters/logger';

const SAFE_ID = /^[\w.-]{8,128}$/;

/** Request id (taken from X-Request-Id when sane, else new) and one access-log line per request. */
export function requestContext(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get('x-request-id');
    const requestId = incoming && SAFE_ID.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = requestId;
    res.setHeader('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const latencyMs = Number((process.hrtime.bigint() - started) / 1000n) / 1000;
      logger.info('request', { requestId, method: req.method, path: req.path, status: res.statusCode, latencyMs });
    });
    next();
  };
}
