import { Router } from 'express';
import type { z } from 'zod';
import type { Db } from '../../adapters/db';
import { ensureDepositAddress, ensureTronDepositAddress } from '../../store/deposit-addresses';
import type { Deposit } from '../../generated/prisma/client';
import type { ApiDeps } from '../deps';
import { sendEnvelope } from '../envelope';
import { currentOperator } from '../middleware/auth';
import { validateBody, validatedBody } from '../middleware/validate';
import { operatorScope } from '../operator-scope';
import { checkDepositorParamsSchema, createDepositorSchema } from '../schemas/depositor';
import type { depositorCheck } from '../schemas/responses';

const MAX_DEPOSITS = 50;

/**
 * The user's one HD address, listed once per active EVM chain (DESIGN: the same address on every EVM chain), and
 * the user's TRON address (same index, TRON's path) on each active TRON chain this deployment has a node for.
 */
async function addressesOnChains(db: Db, address: string, tron: { address: string; chainIds: number[] } | null) {
  const chains = await db.chain.findMany({ where: { active: true }, orderBy: { chainId: 'asc' }, select: { chainId: true, type: true } });
  return chains.flatMap(({ chainId, type }) => {
    if (type === 'EVM') return [{ chainId, address }];
    return tron && tron.chainIds.includes(chainId) ? [{ chainId, address: tron.address }] : [];
  });
}

function depositView(d: Deposit): z.infer<typeof depositorCheck>['deposits'][number] {
  return {
    depositId: d.id.toString(),
    chainId: d.chainId,
    symbol: d.symbol,
    // Raw units: net of the fee once credited (amount is set then), else the gross amount seen on chain.
    // toFixed: raw amounts go up to uint256, and toString would switch to exponent notation.
    amount: (d.amount ?? d.grossAmount).toFixed(0),
    status: d.status,
    transactionHash: d.txHash,
    confirmedAt: d.confirmedAt?.toISOString() ?? null,
  };
}

/**
 * The depositor a caller sees under this externalUserId. Spec 5 rule 1 lets a parent act for its sub-operators,
 * but the same externalUserId may exist under several of them: one answer names one depositor, so the caller's
 * own comes first, then the sub-operator that created it earliest. Any other operator's user reads as unknown.
 */
async function findDepositor(db: Db, scope: string[], externalUserId: string) {
  const rows = await db.depositAddress.findMany({
    where: { externalUserId, operatorId: { in: scope } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return rows.find((r) => r.operatorId === scope[0]) ?? rows[0] ?? null;
}

/** Operator-key depositor endpoints (app.ts checks the key before these run). */
export function depositorRoutes({ db, config }: ApiDeps): Router {
  const router = Router();
  const tronChainIds = Object.keys(config.TRON_RPC_URLS).map(Number);
  /** The user's TRON address, allocated like the EVM one, when this deployment runs a TRON chain. */
  const tronOf = async (operatorId: string, externalUserId: string) =>
    config.TRON_DEPOSIT_XPUB && tronChainIds.length
      ? { address: (await ensureTronDepositAddress(db, { evm: config.DEPOSIT_XPUB, tron: config.TRON_DEPOSIT_XPUB }, operatorId, externalUserId)).address, chainIds: tronChainIds }
      : null;

  // Idempotent: 201 when this call allocated the address, 200 when the user already had one (an earlier create,
  // or the widget asking for the address of a deposit session). Acts for the caller itself, never a sub-operator.
  router.post('/depositor/create', validateBody(createDepositorSchema), async (_req, res) => {
    const { externalUserId } = validatedBody(res, createDepositorSchema);
    const { address, created } = await ensureDepositAddress(db, config.DEPOSIT_XPUB, currentOperator(res).id, externalUserId);
    sendEnvelope(res, created ? 201 : 200, created ? 'Depositor created' : 'Depositor already exists', {
      externalUserId,
      addresses: await addressesOnChains(db, address, await tronOf(currentOperator(res).id, externalUserId)),
    });
  });

  router.get('/depositor/:externalUserId/check', async (req, res) => {
    const { externalUserId } = checkDepositorParamsSchema.parse({ externalUserId: req.params.externalUserId });
    const depositor = await findDepositor(db, await operatorScope(db, currentOperator(res)), externalUserId);
    if (!depositor) {
      // CONTRACT §6: an unknown user is not an error.
      sendEnvelope(res, 200, 'Depositor not found', { exists: false, externalUserId, addresses: [], deposits: [] });
      return;
    }
    const deposits = await db.deposit.findMany({
      where: { operatorId: depositor.operatorId, externalUserId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: MAX_DEPOSITS,
    });
    sendEnvelope(res, 200, 'Depositor found', {
      exists: true,
      externalUserId,
      addresses: await addressesOnChains(db, depositor.address, depositor.tronAddress ? { address: depositor.tronAddress, chainIds: tronChainIds } : null),
      deposits: deposits.map(depositView),
    });
  });

  return router;
}
