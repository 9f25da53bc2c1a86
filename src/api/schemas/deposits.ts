import { z } from 'zod';

/** GET /admin/deposits: `status=DUST` lists the transfers below their token's minimum, which are never credited. */
export const adminDepositListQuery = z.object({
  status: z.enum(['CONFIRMING', 'SWEEPING', 'PRICING', 'CREDITED', 'DROPPED', 'DUST']).optional(),
  operatorId: z.uuid().optional(),
  externalUserId: z.string().min(1).optional(),
  chainId: z.coerce.number().int().positive().optional(),
  /** A deposit address (any letter case). */
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected a 0x-prefixed 20-byte hex address').optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().optional(),
});
export type AdminDepositListQuery = z.infer<typeof adminDepositListQuery>;
