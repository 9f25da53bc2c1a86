import type { z } from 'zod';
import type { Db } from '../../adapters/db';
import { ensureDepositAddress, ensureTronDepositAddress } from '../../store/deposit-addresses';
import { depositorInScope, latestDepositsOfUser } from '../../store/deposit-reads';
import { activeChains } from '../../store/registry-reads';
import type { Deposit } from '../../store/rows';
import type { Config } from '../../config/env';
import { operatorKey } from '../auth-kinds';
import { endpoint } from '../endpoint';
import { sendEnvelope } from '../envelope';
import { currentOperator } from '../middleware/auth';
import { json } from '../openapi/operation';
import { operatorScope } from '../../store/operator-reads';
import { checkDepositorParamsSchema, createDepositorSchema } from '../schemas/depositor';
import * as out from '../schemas/responses';

const MAX_DEPOSITS = 50;

/**
 * The user's one HD address, listed once per active EVM chain (DESIGN: the same address on every EVM chain), and
 * the user's TRON address (same index, TRON's path) on each active TRON chain this deployment has a node for.
 */
async function addressesOnChains(db: Db, address: string, tron: { address: string; chainIds: number[] } | null) {
  const chains = await activeChains(db);
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
  description:
    "Allocates the user's deposit address without a session, listed for every active chain (one EVM address; a TRON one where TRON is active). Idempotent: 201 when this call allocated it, 200 with the same addresses afterwards.",
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
  description:
    'Whether the gateway knows the user, with its deposit addresses and latest deposits (raw token units, status and transaction hash).',
  params: checkDepositorParamsSchema,
  rejectBadParams: true,
  responses: { 200: json('The depositor (exists false when unknown)', out.envelope(out.depositorCheck)) },
  handler: async ({ deps: { db, config }, params, res }) => {
    const { externalUserId } = params!;
    const depositor = await depositorInScope(db, await operatorScope(db, currentOperator(res)), externalUserId);
    if (!depositor) {
      // CONTRACT §6: an unknown user is not an error.
      sendEnvelope(res, 200, 'Depositor not found', { exists: false, externalUserId, addresses: [], deposits: [] });
      return;
    }
    const deposits = await latestDepositsOfUser(db, depositor.operatorId, externalUserId, MAX_DEPOSITS);
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
