import { decodeCursor, encodeCursor } from '../../domain/cursor';
import { treasurySendWorkflowId } from '../../domain/keys';
import { fromRawUnits } from '../../domain/money';
import { coldAddressView, treasurySendState } from '../../domain/treasury-sends';
import { sourceView } from '../../provisioning/treasury-sources';
import { assetUnits, sourceHistory, topUpsPage, type TopUpWithSource } from '../../store/treasury';
import { activeColdAddresses, recentTreasurySends } from '../../store/treasury-sends';
import { adminToken } from '../auth-kinds';
import { endpoint } from '../endpoint';
import { json, nextCursorHeader } from '../openapi/operation';
import type { z } from '../openapi/zod';
import { adminTreasuryQuery, adminTreasuryResponse, type treasurySendView, type treasuryTopUpView } from '../schemas/treasury';

function topUpView(t: TopUpWithSource, units: { symbol: string; decimals: number } | undefined): z.infer<typeof treasuryTopUpView> {
  const amount = t.amount.toFixed(0);
  return {
    id: t.id, chainId: t.chainId, sourceId: t.sourceId, from: t.source.address, to: t.bankroll, asset: t.asset, symbol: units?.symbol ?? null,
    transactionHash: t.txHash, logIndex: t.logIndex, blockNumber: t.blockNumber, amount, units: units ? fromRawUnits(BigInt(amount), units.decimals) : null,
    recordedAt: t.createdAt.toISOString(),
  };
}

type Send = Awaited<ReturnType<typeof recentTreasurySends>>[number];

function sendView({ transfer: t, outbound }: Send): z.infer<typeof treasurySendView> {
  const amount = t.amountRaw.toFixed(0);
  const { status, txHash, stuck } = treasurySendState(t, outbound);
  return {
    id: t.id, chainId: t.chainId, asset: t.asset, symbol: t.symbol, amount, units: fromRawUnits(BigInt(amount), t.decimals), to: t.toAddress,
    requestedBy: t.requestedBy, status, failureReason: t.failureReason, transactionHash: txHash, stuck,
    workflowId: treasurySendWorkflowId(t.id), requestedAt: t.createdAt.toISOString(), completedAt: t.completedAt?.toISOString() ?? null,
  };
}

/**
 * GET /admin/treasury (any admin role): the treasury sources and the top-ups reconcile recorded from them, the cold
 * addresses and the newest sends with who asked for each.
 */
export const adminTreasuryEndpoints = [
  endpoint({
    operationId: 'adminGetTreasury',
    method: 'get',
    path: '/admin/treasury',
    tag: 'Admin',
    auth: adminToken(),
    summary: 'Treasury sources and their top-ups into the bankroll, cold addresses and the newest sends to them',
    description:
      "Each chain's registered treasury sources with their top-ups into the bankroll, the cold-storage addresses and the newest treasury sends to them.",
    query: adminTreasuryQuery,
    responses: { 200: { ...json('The treasury', adminTreasuryResponse), headers: nextCursorHeader } },
    handler: async ({ deps: { db }, query: q, res }) => {
      const [sources, rows, cold, sends] = await Promise.all([
        sourceHistory(db, q.chainId),
        topUpsPage(db, { chainId: q.chainId }, q.cursor ? decodeCursor(q.cursor) : null, q.limit + 1),
        activeColdAddresses(db, q.chainId),
        recentTreasurySends(db, q.chainId, 50),
      ]);
      const page = rows.slice(0, q.limit);
      if (rows.length > q.limit) res.setHeader('X-Next-Cursor', encodeCursor({ createdAt: page.at(-1)!.createdAt, id: page.at(-1)!.id }));
      const units = await assetUnits(db, page.map((t) => ({ chainId: t.chainId, asset: t.asset })));
      res.json({
        sources: sources.map(sourceView),
        topUps: page.map((t) => topUpView(t, units.get(`${t.chainId}:${t.asset}`))),
        coldAddresses: cold.map((c) => ({ id: c.id, ...coldAddressView(c) })),
        sends: sends.map(sendView),
      });
    },
  }),
];
