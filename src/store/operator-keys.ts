import type { Db } from '../adapters/db';
import type { Operator } from '../generated/prisma/client';
import { sqlRows, type Statement } from './sql';

/** Every operator-key request reads its operator: one prepared statement, off Prisma's engine (src/store/sql.ts). */
const BY_KEY_ID: Statement = { name: 'operator-by-key-id', text: 'SELECT * FROM "Operator" WHERE "apiKeyId" = $1' };

/** The operator whose API key has this lookup id, or null. */
export async function operatorByKeyId(db: Db, keyId: string): Promise<Operator | null> {
  return (await sqlRows<Operator>(db, BY_KEY_ID, [keyId]))[0] ?? null;
}
