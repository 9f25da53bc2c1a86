import express, { type RequestHandler } from 'express';
import { AppError, fieldError } from '../../domain/errors';
import { unstorablePath } from '../schemas/fields';

const BODY_LIMIT = '100kb';

/** A request carries a body when it says so (Content-Length above 0, or chunked): an empty POST needs no type. */
function hasBody(req: express.Request): boolean {
  return req.get('transfer-encoding') !== undefined || Number(req.get('content-length') ?? 0) > 0;
}

/**
 * Bodies are JSON only: anything else is 415 before it is read (a form or text body would otherwise reach the routes
 * as an empty body and be judged as if the fields were missing). Oversized and malformed JSON are mapped by the error
 * handler (413 PAYLOAD_TOO_LARGE, 400 INVALID_JSON). One layer: the parser takes every body the type check let through
 * rather than judging its type a second time.
 */
export function jsonBody(): RequestHandler {
  const parse = express.json({ limit: BODY_LIMIT, type: () => true });
  return (req, res, next) => {
    if (hasBody(req) && !req.is('application/json')) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Request bodies must be JSON (Content-Type: application/json)');
    }
    parse(req, res, next);
  };
}

/**
 * Text PostgreSQL cannot store (NUL, lone surrogates) is refused wherever it comes, so no route's lookup or insert
 * ever sees it: 400 VALIDATION_ERROR naming the body field, the query parameter, or `path`.
 */
export const refuseUnstorableText: RequestHandler = (req, _res, next) => {
  const inBody = unstorablePath(req.body);
  if (inBody) throw fieldError(inBody, 'must not contain NUL or unpaired surrogate characters');
  const inQuery = unstorablePath(req.query);
  if (inQuery) throw fieldError(inQuery, 'must not contain NUL or unpaired surrogate characters');
  if (unstorablePath(safeDecode(req.path))) throw fieldError('path', 'must not contain NUL or unpaired surrogate characters');
  next();
};

// A malformed %-sequence is judged by the router (400 naming `path`); here only decodable paths matter.
function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return '';
  }
}
