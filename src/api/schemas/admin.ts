import { z } from 'zod';

/** POST /admin/login; `otp`: the authenticator's current code, for an admin enrolled with `admin totp`. */
export const loginSchema = z.object({
  email: z.string().min(1),
  password: z.string().min(1),
  otp: z.string().min(1).max(16).optional().describe('6-digit TOTP code; required once the admin has an authenticator (else 401 OTP_REQUIRED)'),
});

/** GET /admin/audit: `since` inclusive, `until` exclusive, both ISO 8601. */
export const adminAuditListQuery = z.object({
  adminId: z.uuid().optional(),
  targetId: z.string().min(1).max(100).optional(),
  since: z.iso.datetime({ offset: true }).transform((s) => new Date(s)).optional(),
  until: z.iso.datetime({ offset: true }).transform((s) => new Date(s)).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().optional(),
});
export type LoginBody = z.infer<typeof loginSchema>;
