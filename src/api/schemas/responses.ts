import { z } from 'zod';
import { HEADLESS_STATUSES } from '../../domain/headless-machine';

/**
 * What the operator, widget and public endpoints answer: the OpenAPI document describes them from here, and the
 * integration tests check every JSON response against it. Money is decimal text, never a JSON number.
 */

const iso = z.iso.datetime({ offset: true });
const decimalText = z.string().regex(/^-?\d+(\.\d+)?$/);
const headlessStatus = z.enum(HEADLESS_STATUSES);

/** Spec 2.1: `{ status, message, data }` (sendEnvelope). */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ status: z.literal('success'), message: z.string(), data });
/** Spec 2.1: `{ status, data }` (sendShortEnvelope). */
export const shortEnvelope = <T extends z.ZodType>(data: T) => z.object({ status: z.literal('success'), data });

export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z.object({
    database: z.enum(['up', 'down']).optional(),
    temporal: z.enum(['up', 'down']).optional(),
    chains: z.record(z.string(), z.enum(['up', 'down'])).optional(),
  }),
});

const chainToken = z.object({
  address: z.string().nullable(),
  symbol: z.string(),
  displaySymbol: z.string(),
  name: z.string(),
  decimals: z.number().int(),
  active: z.boolean(),
  minDeposit: z.string().describe('Token units; a transfer below it is dust: recorded, never credited ("0": no minimum)'),
});
export const chainListResponse = z.array(
  z.object({
    chainId: z.number().int(),
    name: z.string(),
    type: z.enum(['EVM', 'TRON']),
    nativeSymbol: z.string(),
    depositConfirmations: z.number().int(),
    withdrawConfirmations: z.number().int(),
    active: z.boolean(),
    tokens: z.array(chainToken),
  }),
);

export const sessionCreated = z.object({ url: z.url(), sid: z.uuid(), sessionRef: z.string(), expiresAt: iso });
export const headlessCreated = z.object({ sessionRef: z.string(), expiresAt: iso });
export const sessionCancelled = z.object({ sid: z.uuid(), sessionRef: z.string(), status: z.literal('CANCELLED') });

export const sessionInfo = z.object({
  type: z.enum(['deposit', 'withdraw']),
  status: z.enum(['OPEN', 'COMPLETED', 'CANCELLED', 'EXPIRED']),
  externalUserId: z.string(),
  amount: decimalText,
  platformFiatCurrency: z.string(),
  lang: z.string(),
  redirectUrl: z.string().nullable(),
  expiresAt: iso,
  withdrawal: z.object({}).nullable(),
});

const chainAddress = z.object({ chainId: z.number().int(), address: z.string() });
export const depositorCreated = z.object({ externalUserId: z.string(), addresses: z.array(chainAddress) });
export const depositorCheck = z.object({
  exists: z.boolean(),
  externalUserId: z.string(),
  addresses: z.array(chainAddress),
  deposits: z.array(
    z.object({
      depositId: z.string().describe('A 64-bit id as text'),
      chainId: z.number().int(),
      symbol: z.string(),
      amount: z.string().regex(/^\d+$/).describe('Raw token units: net of the fee once credited, else the gross amount seen on chain'),
      status: z.enum(['CONFIRMING', 'SWEEPING', 'PRICING', 'CREDITED', 'DROPPED', 'DUST']),
      transactionHash: z.string(),
      confirmedAt: iso.nullable(),
    }),
  ),
});

export const depositAddress = z.object({
  address: z.string(),
  chainId: z.number().int(),
  currency: z.string(),
  tokenAddress: z.string().nullable(),
  decimals: z.number().int(),
  paymentUri: z.string().describe('EIP-681 without an amount on EVM chains; on TRON the base58 address itself'),
  expiresAt: iso,
});

export const directTransferAccepted = z.object({ withdrawRequestId: z.uuid(), withdrawStatus: z.string() });

export const testWebhookResult = z.object({
  delivered: z.boolean(),
  status: z.number().int().nullable().describe("The operator endpoint's HTTP status, null when it could not be reached"),
  reason: z.string().optional(),
  event: z.enum(['DEPOSIT', 'WITHDRAW_COMPLETE']),
});

export const decisionResult = z.object({
  withdrawRequestId: z.uuid(),
  withdrawStatus: z.string(),
  settlementTxHash: z.string().nullable(),
  held: z.boolean(),
  heldReason: z.string().nullable(),
});

export const withdrawOptions = z.object({
  options: z.array(
    z.object({
      chainId: z.number().int(),
      chainName: z.string(),
      tokenAddress: z.string(),
      symbol: z.string(),
      displaySymbol: z.string(),
      name: z.string(),
      decimals: z.number().int(),
      bankrollBalance: decimalText.nullable(),
      reservedAmount: decimalText.nullable(),
      availableAmount: decimalText.nullable(),
      status: z.enum(['AVAILABLE', 'UNAVAILABLE', 'UNKNOWN']),
    }),
  ),
});

export const executeResult = z.object({
  sessionRef: z.string(),
  withdrawRequestId: z.uuid(),
  withdrawalStatus: z.literal('EXECUTION_QUEUED'),
  chainId: z.number().int(),
  tokenAddress: z.string(),
  symbol: z.string(),
  fiatAmount: decimalText,
  fiatCurrency: z.string(),
  cryptoAmountSent: decimalText,
  amountInUsd: decimalText,
  priceRate: decimalText,
  expiresAt: iso.nullable(),
  executedAt: iso,
  replayed: z.boolean(),
});

export const headlessStatusRecord = z.object({
  sessionRef: z.string(),
  withdrawRequestId: z.uuid(),
  status: headlessStatus,
  retryable: z.boolean().nullable(),
  txHash: z.string().nullable(),
  txState: z.enum(['NONE', 'BROADCASTED', 'CONFIRMING', 'CONFIRMED']),
  confirmations: z.number().int().nullable(),
  requiredConfirmations: z.number().int(),
  callbackState: z.enum(['NONE', 'PENDING', 'DELIVERED', 'RETRYING', 'DEAD_LETTER']),
  reasonCode: z.string().nullable(),
  fiatAmount: decimalText,
  fiatCurrency: z.string(),
  cryptoAmountSent: decimalText.nullable(),
  amountInUsd: decimalText.nullable(),
  symbol: z.string(),
  chainId: z.number().int(),
  tokenAddress: z.string(),
  address: z.string(),
  createdAt: iso,
  updatedAt: iso,
  expiresAt: iso.nullable(),
});

export const headlessCancelled = z.object({ sessionRef: z.string(), withdrawRequestId: z.uuid(), withdrawalStatus: z.literal('CANCELLED') });

/** An outbox event with its delivery attempts: the operator's event log and GET /admin/webhooks share it. */
export const outboxItem = z.object({
  eventId: z.uuid(),
  operatorId: z.uuid(),
  event: z.enum(['DEPOSIT', 'WITHDRAW_REQUEST', 'WITHDRAW_COMPLETE', 'WITHDRAW_FAILED', 'WITHDRAW_CANCELLED']),
  status: z.enum(['PENDING', 'RETRYING', 'DELIVERED', 'DEAD_LETTER']),
  attempts: z.array(
    z.object({
      attempt: z.number().int(),
      at: iso,
      httpStatus: z.number().int().nullable(),
      error: z.string().nullable(),
      latencyMs: z.number().int().nullable(),
      responseExcerpt: z.string().nullable(),
    }),
  ),
  createdAt: iso,
  deliveredAt: iso.nullable(),
});
export const redeliveryStarted = z.object({ eventId: z.uuid(), status: z.literal('RETRYING') });
