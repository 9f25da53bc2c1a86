import { Contract, type JsonRpcProvider } from 'ethers';
import { ERC20 } from '../chain/erc20';
import type { Prisma } from '../generated/prisma/client';

/**
 * Serialises everyone reserving one token's bankroll liquidity (an advisory lock for the rest of the transaction) and
 * returns what active reservations already hold, in raw units. Take it after the owner's cap lock, never before,
 * so two transactions always lock in the same order.
 */
export async function lockReservedLiquidity(tx: Prisma.TransactionClient, chainId: number, tokenAddress: string): Promise<bigint> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`liquidity:${chainId}:${tokenAddress.toLowerCase()}`}))`;
  const [row] = await tx.$queryRaw<Array<{ reserved: string | null }>>`
    SELECT SUM("rawAmount")::text AS reserved FROM "Reservation"
    WHERE "chainId" = ${chainId} AND lower("tokenAddress") = ${tokenAddress.toLowerCase()} AND status = 'ACTIVE'`;
  return BigInt(row?.reserved ?? '0');
}

/** The bankroll's on-chain token balance in raw units; throws when the chain does not answer. */
export async function bankrollTokenBalance(provider: JsonRpcProvider, tokenAddress: string, bankroll: string): Promise<bigint> {
  return (await new Contract(tokenAddress, ERC20, provider).getFunction('balanceOf')(bankroll)) as bigint;
}
