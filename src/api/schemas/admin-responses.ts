import { z } from 'zod';

/** What the admin endpoints answer (raw JSON, no envelope); the OpenAPI document describes them from here. */

const iso = z.iso.datetime({ offset: true });
const fiat = z.string().regex(/^\d+\.\d{2}$/);

const adminRole = z.enum(['SUPERADMIN', 'ADMIN', 'SUPPORT']);

export const loginResponse = z.object({ token: z.string(), expiresAt: iso, role: adminRole });

/** One row of the admin audit (GET /admin/audit). */
export const adminAuditView = z.object({
  id: z.uuid(),
  adminId: z.uuid(),
  role: adminRole,
  action: z.enum(['LOGIN', 'LOGIN_FAILED', 'LOGOUT', 'WITHDRAWAL_STATUS', 'WITHDRAWAL_RETRY', 'WEBHOOK_REDELIVER']),
  targetId: z.string().nullable().describe('The withdrawal or webhook event acted on; null for logins and logouts'),
  note: z.string().nullable(),
  clientAddress: z.string(),
  createdAt: iso,
});

export const operatorView = z.object({
  id: z.uuid(),
  frameOrigins: z.array(z.string()).describe('Origins allowed to frame the widget (CSP frame-ancestors)'),
  name: z.string(),
  parentId: z.uuid().nullable(),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  webhookUrl: z.string().nullable(),
  hasWebhookSecret: z.boolean(),
  platformFiatDefault: z.string().nullable(),
  openingBalanceCurrency: z.string().nullable(),
  approvalMode: z.enum(['SYNC', 'EXTERNAL']),
  autoRelease: z.boolean(),
  headlessEnabled: z.boolean(),
  withdrawApprovalMaxAmount: fiat.nullable(),
  withdrawApprovalDailyMaxAmount: fiat.nullable(),
  minAmount: fiat.nullable(),
  maxSessionAmount: fiat.nullable(),
  returnUrl: z.string().nullable(),
  createdAt: iso,
  updatedAt: iso,
});

export const adminWithdrawalView = z.object({
  id: z.uuid(),
  operatorId: z.uuid(),
  externalUserId: z.string(),
  mode: z.enum(['A', 'B', 'C']),
  status: z.string(),
  fiatAmount: fiat,
  fiatCurrency: z.string(),
  cryptoAmountSent: z.string().regex(/^\d+\.\d{8}$/).nullable(),
  symbol: z.string(),
  chainId: z.number().int(),
  address: z.string(),
  txHash: z.string().nullable(),
  stuck: z.boolean(),
  heldReason: z.string().nullable(),
  reasonCode: z.string().nullable(),
  adminNote: z.string().nullable(),
  adminNoteBy: z.string().nullable(),
  adminNoteAt: iso.nullable(),
  createdAt: iso,
  updatedAt: iso,
  workflowId: z.string(),
  temporalUiUrl: z.string(),
});

export const retryQueued = z.object({ withdrawRequestId: z.uuid(), status: z.literal('EXECUTION_QUEUED') });

/** GET /admin/deposits items: every recorded transfer into a deposit address, dust included. */
export const adminDepositView = z.object({
  depositId: z.string(),
  operatorId: z.uuid(),
  externalUserId: z.string(),
  status: z.enum(['CONFIRMING', 'SWEEPING', 'PRICING', 'CREDITED', 'DROPPED', 'DUST']),
  chainId: z.number().int(),
  symbol: z.string(),
  tokenAddress: z.string().nullable(),
  depositAddress: z.string(),
  transactionHash: z.string(),
  logIndex: z.number().int(),
  blockNumber: z.number().int(),
  grossAmount: z.string().describe('Raw units'),
  grossUnits: z.string().describe('Token units'),
  amount: z.string().nullable().describe('Raw units credited, net of the fee'),
  amountInDollar: z.string().nullable(),
  sweepTxHash: z.string().nullable(),
  dustSweepId: z.string().nullable(),
  droppedReason: z.string().nullable(),
  createdAt: iso,
  creditedAt: iso.nullable(),
  workflowId: z.string().nullable(),
  temporalUiUrl: z.string().nullable(),
});
