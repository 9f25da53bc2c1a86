import { ZeroAddress } from 'ethers';
import type { ChainProviders } from '../adapters/chains';
import type { Db } from '../adapters/db';
import type { Chain, Token } from '../generated/prisma/client';

/**
 * Spec 8 rule 6: headless pays registered, active ERC-20 tokens on active EVM chains that this deployment can reach
 * (an RPC URL is configured). Checked at create (400), at execute (409) and before signing (a terminal failure);
 * the chain before the token (CONTRACT §6).
 */
export async function supportedChain(db: Db, chains: ChainProviders, chainId: number): Promise<Chain | null> {
  const chain = await db.chain.findUnique({ where: { chainId } });
  return chain && chain.active && chain.type === 'EVM' && chains.get(chainId) ? chain : null;
}

/** `tokenAddress` is EIP-55, as the registry stores it; the zero address stands for the native asset, never paid. */
export async function supportedToken(db: Db, chainId: number, tokenAddress: string): Promise<Token | null> {
  if (tokenAddress === ZeroAddress) return null;
  const token = await db.token.findUnique({ where: { chainId_address: { chainId, address: tokenAddress } } });
  return token?.active ? token : null;
}

export type AssetVerdict =
  | { ok: true; chain: Chain; token: Token }
  | { ok: false; code: 'HEADLESS_UNSUPPORTED_CHAIN' | 'HEADLESS_UNSUPPORTED_TOKEN' };

export async function headlessAsset(db: Db, chains: ChainProviders, chainId: number, tokenAddress: string): Promise<AssetVerdict> {
  const chain = await supportedChain(db, chains, chainId);
  if (!chain) return { ok: false, code: 'HEADLESS_UNSUPPORTED_CHAIN' };
  const token = await supportedToken(db, chainId, tokenAddress);
  return token ? { ok: true, chain, token } : { ok: false, code: 'HEADLESS_UNSUPPORTED_TOKEN' };
}
