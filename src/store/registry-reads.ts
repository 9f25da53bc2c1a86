import type { Db } from '../adapters/db';
import type { Chain, Token } from '../generated/prisma/client';

/** Every chain with its tokens, by chain id then symbol (GET /chain). */
export function chainsWithTokens(db: Db): Promise<Array<Chain & { tokens: Token[] }>> {
  return db.chain.findMany({ orderBy: { chainId: 'asc' }, include: { tokens: { orderBy: { symbol: 'asc' } } } });
}

/** The active chains' ids and kinds, by chain id. */
export function activeChains(db: Db): Promise<Array<Pick<Chain, 'chainId' | 'type'>>> {
  return db.chain.findMany({ where: { active: true }, orderBy: { chainId: 'asc' }, select: { chainId: true, type: true } });
}

export function chainById(db: Db, chainId: number): Promise<Chain | null> {
  return db.chain.findUnique({ where: { chainId } });
}

/** The active token of a symbol on a chain; newest first, since a dev redeploy leaves inactive older rows of a symbol. */
export function activeTokenBySymbol(db: Db, chainId: number, symbol: string): Promise<Token | null> {
  return db.token.findFirst({ where: { chainId, symbol, active: true }, orderBy: { createdAt: 'desc' } });
}
