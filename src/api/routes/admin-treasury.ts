import { decodeCursor, encodeCursor } from '../../domain/cursor';
import { fromRawUnits } from '../../domain/money';
import { sourceView } from '../../provisioning/treasury-sources';
import { assetUnits, sourceHistory, topUpsPage, type TopUpWithSource } from '../../store/treasury';
import { adminToken } from '../auth-kinds';
import { endpoint } from '../endpoint';
import { json, nextCursorHeader } from '../openapi/operation';
import type { z } from '../openapi/zod';
import { adminTreasuryQuery, adminTreasuryResponse, type treasuryTopUpView } from '../schemas/treasury';

function topUpView(t: TopUpWithSource, units: { symbol: string; decimals: number } | undefined): z.infer<typeof treasuryTopUpView> {
  const amount = t.amount.toFixed(0);
  return {
    id: t.id, chainId: t.chainId, sourceId: t.sourceId, from: t.source.address, to: t.bankroll, asset: t.asset, symbol: units?.symbol ?? null,
    transactionHash: t.txHash, logIndex: t.logIndex, blockNumber: t.blockNumber, amount, units: units ? fromRawUnits(BigInt(amount), units.decimals) : null,
    recordedAt: t.createdAt.toISOString(),
  };
}

/** GET /admin/treasury (any admin role): the treasury sources and the top-ups reconcile recorded from them. */
export const adminTreasuryEndpoints = [
  endpoint({
    operationId: 'adminGetTreasury',
    method: 'get',
    path: '/admin/treasury',
    tag: 'Admin',
    auth: adminToken(),
    summary: 'Treasury sources and their top-ups into the bankroll, newest first',
    query: adminTreasuryQuery,
    responses: { 200: { ...json('The treasury', adminTreasuryResponse), headers: nextCursorHeader } },
    handler: async ({ deps: { db }, query: q, res }) => {
      const [sources, rows] = await Promise.all([
        sourceHistory(db, q.chainId),
        topUpsPage(db, { chainId: q.chainId }, q.cursor ? decodeCursor(q.cursor) : null, q.limit + 1),
      ]);
      const page = rows.slice(0, q.limit);
      if (rows.length > q.limit) res.setHeader('X-Next-Cursor', encodeCursor({ createdAt: page.at(-1)!.createdAt, id: page.at(-1)!.id }));
      const units = await assetUnits(db, page.map((t) => ({ chainId: t.chainId, asset: t.asset })));
      res.json({ sources: sources.map(sourceView), topUps: page.map((t) => topUpView(t, units.get(`${t.chainId}:${t.asset}`))) });
    },
  }),
];
