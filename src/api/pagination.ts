import { AppError } from '../domain/errors';

/** Keyset cursor over (createdAt desc, id desc): stable while rows are inserted. Opaque to clients. */
export interface Cursor {
  createdAt: Date;
  id: string;
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(`${c.createdAt.toISOString()}|${c.id}`).toString('base64url');
}

export function decodeCursor(raw: string): Cursor {
  const [iso, id] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  if (!id || Number.isNaN(createdAt.getTime())) {
    throw new AppError('VALIDATION_ERROR', 'Invalid cursor', { details: [{ field: 'cursor', message: 'not a cursor this API issued' }] });
  }
  return { createdAt, id };
}

/** Prisma where-clause for "after this cursor" in (createdAt desc, id desc) order. */
export function afterCursor(c: Cursor | null) {
  if (!c) return {};
  return { OR: [{ createdAt: { lt: c.createdAt } }, { createdAt: c.createdAt, id: { lt: c.id } }] };
}
