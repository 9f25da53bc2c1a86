import { AppError } from '../domain/errors';

/** Keyset cursor over (createdAt desc, id desc): stable while rows are inserted. Opaque to clients. */
export interface Cursor {
  createdAt: Date;
  id: string;
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(`${c.createdAt.toISOString()}|${c.id}`).toString('base64url');
}

const CURSOR_RE = {
  uuid: /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/,
  // Deposits are keyed by a positive 64-bit integer.
  integer: /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([1-9]\d{0,18})$/,
};

/**
 * Strict: only the exact text encodeCursor produces for the list's kind of id, so a forged id or date never reaches a
 * query (400 naming `cursor`).
 */
export function decodeCursor(raw: string, idKind: keyof typeof CURSOR_RE = 'uuid'): Cursor {
  const m = CURSOR_RE[idKind].exec(Buffer.from(raw, 'base64url').toString('utf8'));
  const cursor = m ? { createdAt: new Date(m[1]!), id: m[2]! } : null;
  if (!cursor || Number.isNaN(cursor.createdAt.getTime()) || encodeCursor(cursor) !== raw) {
    throw new AppError('VALIDATION_ERROR', 'Invalid cursor', { details: [{ field: 'cursor', message: 'not a cursor this API issued' }] });
  }
  return cursor;
}

/** Prisma where-clause for "after this cursor" in (createdAt desc, id desc) order. */
export function afterCursor(c: Cursor | null) {
  if (!c) return {};
  return { OR: [{ createdAt: { lt: c.createdAt } }, { createdAt: c.createdAt, id: { lt: c.id } }] };
}
