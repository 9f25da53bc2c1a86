import type { z } from 'zod';
import type { Db } from '../../adapters/db';
import { ensureDepositAddress, ensureTronDepositAddress } from '../../store/deposit-addresses';
import type { Deposit } from '../../generated/prisma/client';
import type { Config } from '../../config/env';
import { operatorKey } from '../auth-kinds';
import { endpoint } from '../endpoint';
import { sendEnvelope } from '../envelope';
import { currentOperator } from '../middleware/auth';
import { json } from '../openapi/operation';
import { operatorScope } from '../operator-scope';
import { checkDepositorParamsSchema, createDepositorSchema } from '../schemas/depositor';
import * as out from '../schemas/responses';

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

function depositView(d: Deposit): z.infer<typeof out.depositorCheck>['deposits'][number] {
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

const tronChainIds = (config: Config) => Object.keys(config.TRON_RPC_URLS).map(Number);

/** The user's TRON address, allocated like the EVM one, when this deployment runs a TRON chain. */
async function tronOf(db: Db, config: Config, operatorId: string, externalUserId: string) {
  const chainIds = tronChainIds(config);
  return config.TRON_DEPOSIT_XPUB && chainIds.length
    ? { address: (await ensureTronDepositAddress(db, { evm: config.DEPOSIT_XPUB, tron: config.TRON_DEPOSIT_XPUB }, operatorId, externalUserId)).address, chainIds }
    : null;
}

const depositors = { tag: 'Depositors', auth: operatorKey() } as const;

// Idempotent: 201 when this call allocated the address, 200 when the user already had one (an earlier create,
// or the widget asking for the address of a deposit session). Acts for the caller itself, never a sub-operator.
const create = endpoint({
  ...depositors,
  operationId: 'createDepositor',
  method: 'post',
  path: '/depositor/create',
  summary: "Allocate a user's deposit address (idempotent)",
  body: createDepositorSchema,
  responses: { 200: json('Already existed', out.envelope(out.depositorCreated)), 201: json('Created', out.envelope(out.depositorCreated)) },
  handler: async ({ deps: { db, config }, body: { externalUserId }, res }) => {
    const operatorId = currentOperator(res).id;
    const { address, created } = await ensureDepositAddress(db, config.DEPOSIT_XPUB, operatorId, externalUserId);
    sendEnvelope(res, created ? 201 : 200, created ? 'Depositor created' : 'Depositor already exists', {
      externalUserId,
      addresses: await addressesOnChains(db, address, await tronOf(db, config, operatorId, externalUserId)),
    });
  },
});

const check = endpoint({
  ...depositors,
  operationId: 'checkDepositor',
  method: 'get',
  path: '/depositor/:externalUserId/check',
  summary: "A user's addresses and latest deposits",
  params: checkDepositorParamsSchema,
  rejectBadParams: true,
  responses: { 200: json('The depositor (exists false when unknown)', out.envelope(out.depositorCheck)) },
  handler: async ({ deps: { db, config }, params, res }) => {
    const { externalUserId } = params!;
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
      addresses: await addressesOnChains(db, depositor.address, depositor.tronAddress ? { address: depositor.tronAddress, chainIds: tronChainIds(config) } : null),
      deposits: deposits.map(depositView),
    });
  },
});

/** Operator-key depositor endpoints. */
export const depositorEndpoints = [create, check];
