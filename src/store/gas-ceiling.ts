import type { Db } from '../adapters/db';

/** The chain's ceiling on any transfer's gas limit (Chain.maxGasPerTransfer, `chain update --max-gas-per-transfer`). */
export async function gasCeiling(db: Db, chainId: number): Promise<bigint> {
  const { maxGasPerTransfer } = await db.chain.findUniqueOrThrow({ where: { chainId }, select: { maxGasPerTransfer: true } });
  return BigInt(maxGasPerTransfer);
}
