import { getAddress } from 'ethers';
import { depositWorkflowId } from '../../domain/keys';
import { fromRawUnits } from '../../domain/money';
import type { Deposit } from '../../store/rows';
import type { Config } from '../../config/env';
import { adminToken } from '../auth-kinds';
import { endpoint } from '../endpoint';
import { json, nextCursorHeader } from '../openapi/operation';
import { z } from '../openapi/zod';
import { depositsPage } from '../../store/deposit-reads';
import { decodeCursor, encodeCursor } from '../../domain/cursor';
import { adminDepositView } from '../schemas/admin-responses';
import { adminDepositListQuery } from '../schemas/deposits';
import { temporalUiUrl } from '../../temporal/client/ui-url';

function view(config: Config, d: Deposit): z.infer<typeof adminDepositView> {
    // Dust never gets a workflow: nothing to link to.
    const workflowId = d.status === 'DUST' ? null : depositWorkflowId(d);
    return {
      depositId: d.id.toString(),
      operatorId: d.operatorId,
      externalUserId: d.externalUserId,
      status: d.status,
      chainId: d.chainId,
      symbol: d.symbol,
      tokenAddress: d.tokenAddress,
      depositAddress: d.depositAddress,
      transactionHash: d.txHash,
      logIndex: d.logIndex,
      blockNumber: d.blockNumber,
      grossAmount: d.grossAmount.toFixed(0),
      grossUnits: fromRawUnits(BigInt(d.grossAmount.toFixed(0)), d.decimals),
      amount: d.amount?.toFixed(0) ?? null,
      amountInDollar: d.amountInDollar?.toFixed(6) ?? null,
      sweepTxHash: d.sweepTxHash,
      // Dust swept in aggregate: the DustSweep that moved it (its sweepTxHash is that sweep's transfer).
      dustSweepId: d.dustSweepId?.toString() ?? null,
      droppedReason: d.droppedReason,
      createdAt: d.createdAt.toISOString(),
      creditedAt: d.creditedAt?.toISOString() ?? null,
      workflowId,
      temporalUiUrl: workflowId && temporalUiUrl(config, workflowId),
    };
}

/** GET /admin/deposits (any admin role): every recorded transfer into a deposit address, dust included, latest first. */
export const adminDepositEndpoints = [
  endpoint({
    operationId: 'adminListDeposits',
    method: 'get',
    path: '/admin/deposits',
    tag: 'Admin',
    auth: adminToken(),
    summary: 'Deposits, newest first (status=DUST: transfers below their minimum, never credited)',
    description:
      'Deposits seen on chain, newest first, with their status (dust included: a transfer below its minimum, recorded and never credited).',
    query: adminDepositListQuery,
    responses: { 200: { ...json('A page of deposits', z.array(adminDepositView)), headers: nextCursorHeader } },
    handler: async ({ deps: { db, config }, query: q, res }) => {
    const filter = {
      status: q.status, operatorId: q.operatorId, externalUserId: q.externalUserId, chainId: q.chainId,
      depositAddress: q.address ? getAddress(q.address.toLowerCase()) : undefined,
    };
    const rows = await depositsPage(db, filter, q.cursor ? decodeCursor(q.cursor, 'integer') : null, q.limit + 1);
    const page = rows.slice(0, q.limit);
    if (rows.length > q.limit) res.setHeader('X-Next-Cursor', encodeCursor({ createdAt: page.at(-1)!.createdAt, id: page.at(-1)!.id.toString() }));
    res.json(page.map((d) => view(config, d)));
    },
  }),
];
