import type { Db } from '../adapters/db';
import { sharedInFlight } from '../adapters/in-flight';
import { sqlRows, type Statement } from './sql';

const CEILING: Statement = { name: 'chain-gas-ceiling', text: 'SELECT "maxGasPerTransfer" FROM "Chain" WHERE "chainId" = $1' };

const reads = new WeakMap<Db, (chainId: number) => Promise<bigint>>();

/**
 * The chain's ceiling on any transfer's gas limit (Chain.maxGasPerTransfer, `chain update --max-gas-per-transfer`).
 * Every payout's gas check and signing reads it: a prepared statement off Prisma's engine (src/store/sql.ts), shared by
 * the payouts that ask while it runs (sharedInFlight: a changed ceiling is seen from the next read on).
 */
export function gasCeiling(db: Db, chainId: number): Promise<bigint> {
  let read = reads.get(db);
  if (!read) {
    read = sharedInFlight(String, async (id: number) => {
      const [row] = await sqlRows<{ maxGasPerTransfer: number }>(db, CEILING, [id]);
      if (!row) throw new Error(`chain ${id} is not registered`);
      return BigInt(row.maxGasPerTransfer);
    });
    reads.set(db, read);
  }
  return read(chainId);
}
