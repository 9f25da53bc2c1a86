import { Router } from 'express';
import type { ApiDeps } from '../deps';

/** GET /chain (public, raw array, CONTRACT §4): networks with their tokens; the native asset has address null. */
export function chainRoutes({ db }: ApiDeps): Router {
  const router = Router();
  router.get('/chain', async (_req, res) => {
    const chains = await db.chain.findMany({
      orderBy: { chainId: 'asc' },
      include: { tokens: { orderBy: { symbol: 'asc' } } },
    });
    res.json(
      chains.map((c) => ({
        chainId: c.chainId,
        name: c.name,
        type: c.type,
        nativeSymbol: c.nativeSymbol,
        depositConfirmations: c.depositConfirmations,
        withdrawConfirmations: c.withdrawConfirmations,
        active: c.active,
        tokens: [
          { address: null, symbol: c.nativeSymbol, displaySymbol: c.nativeSymbol, name: c.nativeSymbol, decimals: c.nativeDecimals, active: c.active },
          ...c.tokens.map((t) => ({
            address: t.address,
            symbol: t.symbol,
            displaySymbol: t.displaySymbol,
            name: t.name,
            decimals: t.decimals,
            active: t.active,
          })),
        ],
      })),
    );
  });
  return router;
}
