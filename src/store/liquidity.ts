import { Contract, type JsonRpcProvider } from 'ethers';
import type { ChainProviders } from '../adapters/chains';
import { ERC20 } from '../chain/erc20';
import { liquidityLock } from '../domain/keys';
import type { Prisma } from '../generated/prisma/client';
import { CHAIN_READ_TIMEOUT_MS, valueOrNull } from '../chain/deadline';
import { evmFromTron, tronFromEvm, tronHex } from '../chain/tron-address';
import type { TronNode } from '../adapters/tron-node';

/**
 * Serialises everyone reserving one token's bankroll liquidity (an advisory lock for the rest of the transaction) and
 * returns what active reservations already hold, in raw units. Take it after the owner's cap lock, never before,
 * so two transactions always lock in the same order.
 */
async function lockReservedLiquidity(tx: Prisma.TransactionClient, chainId: number, tokenAddress: string): Promise<bigint> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${liquidityLock(chainId, tokenAddress)}))`;
  return reservedLiquidity(tx, chainId, tokenAddress);
}

/** What active reservations of a token hold, in raw units. Without the lock (GET /withdraw/options) it is advisory. */
export async function reservedLiquidity(db: Pick<Prisma.TransactionClient, '$queryRaw'>, chainId: number, tokenAddress: string): Promise<bigint> {
  const [row] = await db.$queryRaw<Array<{ reserved: string | null }>>`
    SELECT SUM("rawAmount")::text AS reserved FROM "Reservation"
    WHERE "chainId" = ${chainId} AND lower("tokenAddress") = ${tokenAddress.toLowerCase()} AND status = 'ACTIVE'`;
  return BigInt(row?.reserved ?? '0');
}

export type ReserveOutcome = 'RESERVED' | 'INSUFFICIENT_LIQUIDITY' | 'BALANCE_UNAVAILABLE';

/**
 * Reserves a payout's raw amount when the bankroll can fund it on top of every active reservation. The balance is read
 * under the lock and after the sum, so a payout consumed meanwhile can only be counted twice, never missed. Call it
 * inside the transaction that commits the withdrawal's new state; a later refusal in it rolls the reservation back.
 */
export async function reserveLiquidity(
  tx: Prisma.TransactionClient,
  r: { withdrawalId: string; chainId: number; tokenAddress: string; raw: bigint },
  readBalance: () => Promise<bigint | null>,
): Promise<ReserveOutcome> {
  const reserved = await lockReservedLiquidity(tx, r.chainId, r.tokenAddress);
  const balance = await readBalance();
  if (balance === null) return 'BALANCE_UNAVAILABLE';
  if (reserved + r.raw > balance) return 'INSUFFICIENT_LIQUIDITY';
  await tx.reservation.create({ data: { withdrawalId: r.withdrawalId, chainId: r.chainId, tokenAddress: r.tokenAddress, rawAmount: r.raw.toString() } });
  return 'RESERVED';
}

/** A balance reader for reserveLiquidity: null (unknown, fail closed) without an RPC, on an error or past the deadline. */
export function bankrollBalance(chains: ChainProviders, chainId: number, tokenAddress: string, bankroll: string): () => Promise<bigint | null> {
  return async () => {
    const tron = chains.tron(chainId);
    if (tron) return valueOrNull(tronTokenBalance(tron, tokenAddress, tronFromEvm(bankroll)), CHAIN_READ_TIMEOUT_MS);
    const provider = chains.get(chainId);
    return provider ? valueOrNull(bankrollTokenBalance(provider, tokenAddress, bankroll), CHAIN_READ_TIMEOUT_MS) : null;
  };
}

/** The bankroll's on-chain token balance in raw units; throws when the chain does not answer. */
export async function bankrollTokenBalance(provider: JsonRpcProvider, tokenAddress: string, bankroll: string): Promise<bigint> {
  return (await new Contract(tokenAddress, ERC20, provider).getFunction('balanceOf')(bankroll)) as bigint;
}

/** A TRC-20 balance of a base58 owner, read with balanceOf through triggerconstantcontract. */
export async function tronTokenBalance(node: TronNode, token: string, owner: string): Promise<bigint> {
  const data = ERC20.encodeFunctionData('balanceOf', [evmFromTron(owner)]).slice(2);
  return BigInt('0x' + (await node.constant(tronHex(token), data)).result);
}
