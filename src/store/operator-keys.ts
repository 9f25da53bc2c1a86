import type { Db } from '../adapters/db';
import type { Operator } from '../generated/prisma/client';
import { sharedInFlight } from '../adapters/in-flight';
import { sqlRows, type Statement } from './sql';

/** Every operator-key request reads its operator: one prepared statement, off Prisma's engine (src/store/sql.ts). */
const BY_KEY_ID: Statement = { name: 'operator-by-key-id', text: 'SELECT * FROM "Operator" WHERE "apiKeyId" = $1' };

/**
 * The operator whose API key has this lookup id, or null. Requests of one key that arrive while its read runs share
 * it (sharedInFlight: never an answer that had finished before the request came), so an operator's burst reads its
 * row a few times, not once per request. A disabled operator or a rotated key is refused from the next read on, as
 * before. The row is shared between those requests: nothing may change it.
 */
export function operatorKeys(db: Db): (keyId: string) => Promise<Readonly<Operator> | null> {
  return sharedInFlight(String, async (keyId: string) => (await sqlRows<Operator>(db, BY_KEY_ID, [keyId]))[0] ?? null);
}
