import type { RequestHandler, Response } from 'express';
import type { Db } from '../../adapters/db';
import { AppError, fieldError } from '../../domain/errors';
import { assertSessionUsable } from '../../domain/sessions';
import { sessionWithOperator, type SessionWithOperator } from '../../store/session-reads';
import { UUID_RE } from '../schemas/sessions';

export type { SessionWithOperator };

export function sessionNotFound(): AppError {
  return new AppError('SESSION_NOT_FOUND', 'Session not found');
}

/**
 * Widget endpoints (spec 4, auth "session (sid)"): the sid in the body is the credential. Its presence and shape are
 * checked first, like every other body field (400 VALIDATION_ERROR naming `sid`); a well-formed but unknown sid is
 * 404 SESSION_NOT_FOUND; an expired or closed one is refused (spec 7.2) unless the route only reads
 * (`allowClosed`), since the widget must still show a finished session's state.
 */
export function sidAuth(db: Db, opts: { allowClosed?: boolean } = {}): RequestHandler {
  return async (req, res, next) => {
    const sid: unknown = (req.body as { sid?: unknown } | undefined)?.sid;
    if (sid === undefined || sid === null) throw fieldError('sid', 'is required');
    if (typeof sid !== 'string' || !UUID_RE.test(sid)) throw fieldError('sid', 'must be a session id (UUID)');
    const session = await sessionWithOperator(db, sid);
    if (!session) throw sessionNotFound();
    if (!opts.allowClosed) assertSessionUsable(session.status, session.expiresAt, new Date());
    res.locals.session = session;
    next();
  };
}

export function currentSession(res: Response): SessionWithOperator {
  return res.locals.session as SessionWithOperator;
}

/** A withdraw session's sid is a valid credential but the wrong one for a deposit call: name the field rather than 404. */
export const requireDepositSession: RequestHandler = (_req, res, next) => {
  if (currentSession(res).type !== 'DEPOSIT') throw fieldError('sid', 'must be a deposit session');
  next();
};
