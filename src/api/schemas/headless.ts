import { z } from 'zod';
import { chainIdSchema } from './fields';
import { withdrawSessionSchema } from './sessions';

/**
 * POST /session/withdraw with executionMode HEADLESS (spec 4.2): the widget fields plus the locked destination.
 * operatorReference presence is checked before this schema (its own errorCode); address formats after it, because a
 * malformed address is a 400 without errorCode (spec 7.1) and the chain is judged before the token (CONTRACT §6).
 */
export const headlessCreateSchema = withdrawSessionSchema.extend({
  executionMode: z.literal('HEADLESS'),
  operatorReference: z.string().max(255),
  address: z.string().max(128),
  chainId: chainIdSchema,
  tokenAddress: z.string().max(128),
});
export type HeadlessCreateBody = z.infer<typeof headlessCreateSchema>;

/** Spec 4.2 rule 5: missing, null, empty or blank is OPERATOR_REFERENCE_REQUIRED; any other string goes on. */
export function hasOperatorReference(body: unknown): boolean {
  const ref = (body as { operatorReference?: unknown } | null | undefined)?.operatorReference;
  return !(ref === undefined || ref === null || (typeof ref === 'string' && ref.trim() === ''));
}

export const optionsQuerySchema = z.object({ sessionRef: z.string().min(1).max(128).optional() });
