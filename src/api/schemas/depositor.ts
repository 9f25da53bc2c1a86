import { z } from 'zod';
import { chainIdSchema } from './fields';

/** The same rule as a session's externalUserId, so any user a session names can also be created and checked. */
const externalUserId = z.string().max(255).regex(/\S/, 'must not be empty or blank');

/** POST /depositor/create (CONTRACT §4). */
export const createDepositorSchema = z.object({
  externalUserId,
  // Accepted and checked like a session's email, but not stored: a deposit address carries no contact data.
  email: z.string().max(320).regex(/\S/, 'must not be empty or blank').nullish(),
});

/** GET /depositor/:externalUserId/check: the path segment, decoded. */
export const checkDepositorParamsSchema = z.object({ externalUserId });

/** POST /depositor/address (spec 4.5). The sid is checked by sidAuth before this schema runs. */
export const depositAddressSchema = z.object({
  currency: z.string().min(1, 'must not be empty').max(32),
  chainId: chainIdSchema,
});
