import { z } from 'zod';
import { chainIdSchema } from './fields';
import { ADMIN_TARGETS } from '../../domain/withdrawals';

/** A withdrawal's id in a path (GET/PATCH /admin/withdrawals/:id, POST /withdraw/:id/decision); anything else reads as missing. */
export const withdrawalIdSchema = z.uuid();

/** POST /withdraw/direct-transfer (spec 4.7, sid): the user picks address, chain and token; the amount is the session's. */
export const directTransferSchema = z.object({
  sid: z.string(),
  address: z.string(),
  chainId: chainIdSchema,
  tokenAddress: z.string(),
});
export type DirectTransferBody = z.infer<typeof directTransferSchema>;

/** POST /withdraw/:id/decision (spec 4.8): Mode B's answer. */
export const decisionSchema = z.object({ decision: z.enum(['APPROVE', 'REJECT']), reason: z.string().max(500).optional() });
export type DecisionBody = z.infer<typeof decisionSchema>;

/** GET /admin/withdrawals. */
export const adminWithdrawalListQuery = z.object({
  status: z.enum(['PENDING', 'PROCESSING', 'AWAITING_APPROVAL', 'CREATED', 'EXECUTION_QUEUED', 'WAITING_FOR_GAS', 'RECONCILING', 'COMPLETED', 'REJECTED', 'FAILED', 'CANCELLED', 'EXPIRED']).optional(),
  operatorId: z.uuid().optional(),
  mode: z.enum(['A', 'B', 'C']).optional(),
  externalUserId: z.string().min(1).optional(),
  /** true: only withdrawals whose payout is signed, unmined, and past TX_STUCK_SECONDS. */
  stuck: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().optional(),
});
export type AdminWithdrawalListQuery = z.infer<typeof adminWithdrawalListQuery>;

/** PATCH /admin/withdrawals/:id/status: a Mode A admin move. */
export const adminStatusSchema = z.object({
  // Any other value is a VALIDATION_ERROR (CONTRACT §6); a legal value that is not a legal move is a 409.
  status: z.enum(ADMIN_TARGETS as [string, ...string[]]),
  adminNote: z.string().max(2000).optional(),
});
export type AdminStatusBody = z.infer<typeof adminStatusSchema>;
