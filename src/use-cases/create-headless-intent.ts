import { dec } from '../domain/money';
import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import Decimal from 'decimal.js';
import type { Db } from '../adapters/db';
import type { FxProvider } from '../adapters/prices';
import type { ChainProviders } from '../adapters/chains';
import type { Config } from '../config/env';
import { AppError } from '../domain/errors';
import { checkEvmAddress, payloadConflicts, type IntentPayload } from '../domain/headless-intent';
import { headlessReferenceLock } from '../domain/keys';
import { assertAmountWithinLimits, newSessionRef } from '../domain/sessions';
import type { Operator, Withdrawal } from '../generated/prisma/client';
import { supportedChain, supportedToken } from '../store/headless-assets';
import { startHeadlessWorkflow } from '../temporal/client/headless';
import { lockKey64 } from '../store/advisory-locks';

export interface CreateDeps {
  db: Db;
  chains: ChainProviders;
  fx: FxProvider;
  config: Config;
  temporal: { client: Client };
}

/** The validated request (src/api/schemas/headless.ts). */
export interface CreateRequest {
  externalUserId: string;
  platformFiatCurrency: string;
  amount: string;
  operatorReference: string;
  address: string;
  chainId: number;
  tokenAddress: string;
}

const malformed = (field: string) =>
  new AppError('INVALID_ADDRESS', `${field} must be an EVM address: 0x followed by 40 hex digits, checksummed if mixed case`, {
    omitCode: true,
    details: [{ field, message: 'not an EVM address' }],
  });


/**
 * Spec 4.2 HEADLESS: checks the destination (recipient, then chain, then token), the operator's session bounds and
 * that the fiat is priceable, then stores the intent, or answers the stored one for the same reference and payload
 * (EXPIRED included: it stays EXPIRED). The row is CREATED with expiresAt = now + HEADLESS_INTENT_TTL_SECONDS, and
 * a CREATED intent's workflow is started (again, for a re-create whose first start was lost).
 */
export async function createHeadlessIntent(d: CreateDeps, operator: Operator, req: CreateRequest): Promise<Withdrawal> {
  const recipient = checkEvmAddress(req.address);
  if (!recipient.ok && recipient.reason === 'MALFORMED') throw malformed('address');
  if (!recipient.ok) throw new AppError('HEADLESS_INVALID_RECIPIENT', 'The recipient cannot be the zero address');
  if (!(await supportedChain(d.db, d.chains, req.chainId))) throw new AppError('HEADLESS_UNSUPPORTED_CHAIN', `Chain ${req.chainId} is not supported for headless withdrawals`);
  const tokenAddress = checkEvmAddress(req.tokenAddress);
  if (!tokenAddress.ok && tokenAddress.reason === 'MALFORMED') throw malformed('tokenAddress');
  const token = tokenAddress.ok ? await supportedToken(d.db, req.chainId, tokenAddress.address) : null;
  if (!token) throw new AppError('HEADLESS_UNSUPPORTED_TOKEN', 'The token is not a supported ERC-20 on this chain (native assets are not paid headless)');
  assertAmountWithinLimits(new Decimal(req.amount), operator.minAmount && dec(operator.minAmount), operator.maxSessionAmount && dec(operator.maxSessionAmount));
  if (!(await d.fx.usdTo(req.platformFiatCurrency))) {
    throw new AppError('VALIDATION_ERROR', 'Request validation failed', {
      details: [{ field: 'platformFiatCurrency', message: 'no exchange rate is configured for this currency' }],
    });
  }
  const payload: IntentPayload = {
    externalUserId: req.externalUserId,
    fiatAmount: new Decimal(req.amount),
    fiatCurrency: req.platformFiatCurrency,
    address: recipient.address,
    chainId: req.chainId,
    tokenAddress: token.address,
  };
  const intent = await storeOnce(d, operator.id, req.operatorReference, payload, { symbol: token.symbol, decimals: token.decimals });
  if (intent.status === 'CREATED') await startHeadlessWorkflow(d.temporal.client, d.config, intent);
  return intent;
}

/**
 * One intent per (operator, reference): creations with one reference are serialised by an advisory lock, so two
 * concurrent "first" creates cannot both insert, and a later one compares its payload with the stored intent.
 */
async function storeOnce(d: CreateDeps, operatorId: string, reference: string, p: IntentPayload, token: { symbol: string; decimals: number }): Promise<Withdrawal> {
  return d.db.$transaction(async (tx) => {
    await lockKey64(tx, headlessReferenceLock(operatorId, reference));
    const stored = await tx.withdrawal.findUnique({ where: { operatorId_operatorReference: { operatorId, operatorReference: reference } } });
    if (stored) {
      const differ = stored.mode === 'C' ? payloadConflicts(payloadOf(stored), p) : ['executionMode'];
      if (differ.length > 0) throw new AppError('OPERATOR_REFERENCE_CONFLICT', `operatorReference was already used with a different ${differ.join(', ')}`);
      return stored;
    }
    return tx.withdrawal.create({
      data: {
        id: randomUUID(),
        operatorId,
        mode: 'C',
        status: 'CREATED',
        sessionRef: newSessionRef(),
        externalUserId: p.externalUserId,
        operatorReference: reference,
        address: p.address,
        chainId: p.chainId,
        tokenAddress: p.tokenAddress,
        symbol: token.symbol,
        decimals: token.decimals,
        fiatAmount: p.fiatAmount.toFixed(2),
        fiatCurrency: p.fiatCurrency,
        expiresAt: new Date(Date.now() + d.config.HEADLESS_INTENT_TTL_SECONDS * 1000),
      },
    });
  });
}

function payloadOf(w: Withdrawal): IntentPayload {
  return { externalUserId: w.externalUserId, fiatAmount: dec(w.fiatAmount), fiatCurrency: w.fiatCurrency, address: w.address, chainId: w.chainId, tokenAddress: w.tokenAddress };
}
