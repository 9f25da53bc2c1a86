import { ZeroAddress } from 'ethers';
import type { ChainProviders } from '../adapters/chains';
import type { Db } from '../adapters/db';
import type { Chain, Token, Withdrawal } from '../generated/prisma/client';
import { sqlRows, type Statement } from './sql';

/**
 * Spec 8 rule 6: headless pays registered, active ERC-20 tokens on active EVM chains that this deployment can reach
 * (an RPC URL is configured). Checked at create (400), at execute (409) and before signing (a terminal failure);
 * the chain before the token (CONTRACT §6).
 */
const chainSupported = (chain: Pick<Chain, 'chainId' | 'active' | 'type'>, chains: ChainProviders) => chain.active && chain.type === 'EVM' && !!chains.get(chain.chainId);

/** `tokenAddress` is EIP-55, as the registry stores it; the zero address stands for the native asset, never paid. */
const tokenSupported = (token: Pick<Token, 'active'>, tokenAddress: string) => tokenAddress !== ZeroAddress && token.active;

export async function supportedChain(db: Db, chains: ChainProviders, chainId: number): Promise<Chain | null> {
  const chain = await db.chain.findUnique({ where: { chainId } });
  return chain && chainSupported(chain, chains) ? chain : null;
}

export async function supportedToken(db: Db, chainId: number, tokenAddress: string): Promise<Token | null> {
  if (tokenAddress === ZeroAddress) return null;
  const token = await db.token.findUnique({ where: { chainId_address: { chainId, address: tokenAddress } } });
  return token && tokenSupported(token, tokenAddress) ? token : null;
}

export type AssetRefusal = 'HEADLESS_UNSUPPORTED_CHAIN' | 'HEADLESS_UNSUPPORTED_TOKEN';

/** What the registry holds for a withdrawal's chain and token (null: no such row), read beside the withdrawal. */
export interface AssetFlags {
  chainId: number;
  tokenAddress: string;
  chainActive: boolean | null;
  chainType: string | null;
  tokenActive: boolean | null;
}

/** AssetFlags' columns and joins, for a statement over "Withdrawal" w. */
export const ASSET_FLAGS_SQL = {
  columns: `ch.active AS "chainActive", ch.type::text AS "chainType", t.active AS "tokenActive"`,
  joins: `LEFT JOIN "Chain" ch ON ch."chainId" = w."chainId" LEFT JOIN "Token" t ON t."chainId" = w."chainId" AND t.address = w."tokenAddress"`,
};

/** The rule above over AssetFlags: null when the asset is supported, otherwise why not. */
export function assetRefusal(f: AssetFlags, chains: ChainProviders): AssetRefusal | null {
  if (f.chainActive === null || !chainSupported({ chainId: f.chainId, active: f.chainActive, type: f.chainType as Chain['type'] }, chains)) return 'HEADLESS_UNSUPPORTED_CHAIN';
  if (f.tokenActive === null || !tokenSupported({ active: f.tokenActive }, f.tokenAddress)) return 'HEADLESS_UNSUPPORTED_TOKEN';
  return null;
}

/** A headless payout as its attempt reads it: the withdrawal, its asset's flags and its chain's gas ceiling (null: no chain row). */
export type PayoutReadiness = Withdrawal & AssetFlags & { maxGasPerTransfer: number | null };

const PAYOUT_READINESS: Statement = {
  name: 'payout-readiness',
  text: `SELECT w.*, ${ASSET_FLAGS_SQL.columns}, ch."maxGasPerTransfer" FROM "Withdrawal" w ${ASSET_FLAGS_SQL.joins} WHERE w.id = $1::uuid`,
};

/**
 * One statement where an attempt's checks made three (the asset's flags, the withdrawal through Prisma, the chain's
 * gas ceiling through Prisma): every headless attempt reads it before it may sign.
 */
export async function requirePayoutReadiness(db: Db, withdrawalId: string): Promise<PayoutReadiness> {
  const [w] = await sqlRows<PayoutReadiness>(db, PAYOUT_READINESS, [withdrawalId]);
  if (!w) throw new Error(`withdrawal ${withdrawalId} not found`);
  return w;
}
