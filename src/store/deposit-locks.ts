import type { Prisma } from '../generated/prisma/client';

/** Locks a deposit row while it is CONFIRMING and answers its block, or null when it has moved on (FOR UPDATE). */
export async function lockConfirmingDeposit(tx: Prisma.TransactionClient, id: bigint): Promise<{ blockNumber: number } | null> {
  const [row] = await tx.$queryRaw<{ blockNumber: number }[]>`SELECT "blockNumber" FROM "Deposit" WHERE id = ${id} AND status = 'CONFIRMING' FOR UPDATE`;
  return row ?? null;
}
