import { z } from 'zod';

/** POST /admin/login. */
export const loginSchema = z.object({ email: z.string().min(1), password: z.string().min(1) });
export type LoginBody = z.infer<typeof loginSchema>;
