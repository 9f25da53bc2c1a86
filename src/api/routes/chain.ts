import { fromRawUnits } from '../../domain/money';
import { chainsWithTokens } from '../../store/registry-reads';
import type { z } from 'zod';
import { publicAccess } from '../auth-kinds';
import { endpoint } from '../endpoint';
import { json } from '../openapi/operation';
import { chainListResponse } from '../schemas/responses';

/** A minimum deposit in token units ("0" when none): transfers below it are dust, recorded but never credited. */
const minDeposit = (raw: { toFixed(dp: number): string }, decimals: number) => fromRawUnits(BigInt(raw.toFixed(0)), decimals);

/**
 * GET /chain (public, raw array, CONTRACT §4): networks with their tokens; the native asset has address null. Beyond
 * the contract's fields, each token carries `minDeposit`.
 */
export const chainEndpoints = [
  endpoint({
    operationId: 'listChains',
    method: 'get',
    path: '/chain',
    tag: 'Public',
    auth: publicAccess,
    summary: 'Networks and their tokens (the native asset has address null)',
    description:
      'Public (spec 4.6). The networks with their token contracts and decimals, unwrapped (a raw array, no envelope).',
    responses: { 200: json('The chain registry', chainListResponse) },
    handler: async ({ deps: { db }, res }) => {
    const chains = await chainsWithTokens(db);
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
          { address: null, symbol: c.nativeSymbol, displaySymbol: c.nativeSymbol, name: c.nativeSymbol, decimals: c.nativeDecimals, active: c.active, minDeposit: minDeposit(c.nativeMinDepositRaw, c.nativeDecimals) },
          ...c.tokens.map((t) => ({
            address: t.address,
            symbol: t.symbol,
            displaySymbol: t.displaySymbol,
            name: t.name,
            decimals: t.decimals,
            active: t.active,
            minDeposit: minDeposit(t.minDepositRaw, t.decimals),
          })),
        ],
      })) satisfies z.infer<typeof chainListResponse>,
    );
    },
  }),
];
