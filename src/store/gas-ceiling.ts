import type { Db } from '../adapters/db';
import { sqlRows, type Statement } from './sql';

const CEILING: Statement = { name: 'chain-gas-ceiling', text: 'SELECT "maxGasPerTransfer" FROM "Chain" WHERE "chainId" = $1' };

/**
 * The chain's ceiling on any transfer's gas limit (Chain.maxGasPerTransfer, `chain update --max-gas-per-transfer`).
 * A prepared statement off Prisma's engine (src/store/sql.ts): every payout's gas check and signing reads it.
 */
export async function gasCeiling(db: Db, chainId: number): Promise<bigint> {
  const [row] = await sqlRows<{ maxGasPerTransfer: number | string }>(db, CEILING, [chainId]);
  if (!row) throw new Error(`chain ${chainId} is not registered`);
  return BigInt(row.maxGasPerTransfer);
}
