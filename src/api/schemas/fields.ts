import { z } from 'zod';

/** PostgreSQL's `integer` upper bound: a larger chainId cannot even be compared with a stored one. */
export const PG_INT_MAX = 2_147_483_647;

/** A chain id as the registry stores it (int4). */
export const chainIdSchema = z.number().int().positive().max(PG_INT_MAX);

// NUL is refused by PostgreSQL in text; a lone UTF-16 surrogate has no UTF-8 form and would be stored altered.
const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether PostgreSQL can store (and compare) this text exactly as given. */
export function isStorableText(s: string): boolean {
  return !UNSTORABLE.test(s);
}

/** The dotted path of the first string (key or value) in a parsed JSON or query value that is not storable, else null. */
export function unstorablePath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path.join('.') || '(body)';
  if (value === null || typeof value !== 'object') return null;
  for (const [key, v] of Object.entries(value)) {
    if (!isStorableText(key)) return [...path, key].join('.');
    const found = unstorablePath(v, [...path, key]);
    if (found) return found;
  }
  return null;
}
