import { z } from 'zod';
import { checkDestination } from '../adapters/webhook-destination';
import type { Config } from '../config/env';
import { webhookUrlProblem } from '../domain/webhook-destination';
import type { OperatorSettings } from '../provisioning/operators';
import { UsageError } from './args';

const amount = z.string().regex(/^\d+(\.\d{1,2})?$/, 'expected a decimal amount with at most 2 decimals');
const httpUrl = z.url({ protocol: /^https?$/ });
/** An origin exactly as browsers compare it: http(s), no path, query, fragment or trailing slash. */
const origin = z.string().refine((v) => {
  try {
    const u = new URL(v);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === v;
  } catch {
    return false;
  }
}, 'expected an origin such as https://casino.example (scheme, host and port only)');
const fiat = z.string().regex(/^[A-Z]{3}$/, 'expected a 3-letter ISO 4217 code such as USD');

/** The operator flags shared by `operator create` and `operator update` (CONTRACT §2). */
export const operatorFlagsSchema = z.object({
  name: z.string().min(1).optional(),
  parent: z.uuid().optional(),
  'webhook-url': httpUrl.optional(),
  fiat: fiat.optional(),
  'approval-mode': z.enum(['sync', 'external']).optional(),
  'auto-release': z.boolean().optional(),
  headless: z.boolean().optional(),
  'max-amount': amount.optional(),
  'daily-max-amount': amount.optional(),
  'return-url': httpUrl.optional(),
  'frame-origin': z.array(origin).optional(),
  'min-amount': amount.optional(),
  'max-session-amount': amount.optional(),
  inactive: z.boolean().optional(),
  status: z.enum(['active', 'inactive']).optional(),
});

export const OPERATOR_FLAG_TYPES = {
  name: { type: 'string' },
  parent: { type: 'string' },
  'webhook-url': { type: 'string' },
  fiat: { type: 'string' },
  'approval-mode': { type: 'string' },
  'auto-release': { type: 'boolean' },
  headless: { type: 'boolean' },
  'max-amount': { type: 'string' },
  'daily-max-amount': { type: 'string' },
  'return-url': { type: 'string' },
  'frame-origin': { type: 'string', multiple: true },
  'min-amount': { type: 'string' },
  'max-session-amount': { type: 'string' },
  inactive: { type: 'boolean' },
  status: { type: 'string' },
} as const;

export function toSettings(f: z.infer<typeof operatorFlagsSchema>): OperatorSettings {
  const status = f.status ? (f.status === 'active' ? 'ACTIVE' : 'INACTIVE') : f.inactive ? 'INACTIVE' : undefined;
  return {
    name: f.name,
    parentId: f.parent,
    webhookUrl: f['webhook-url'],
    platformFiatDefault: f.fiat,
    approvalMode: f['approval-mode'] ? (f['approval-mode'] === 'sync' ? 'SYNC' : 'EXTERNAL') : undefined,
    autoRelease: f['auto-release'],
    headlessEnabled: f.headless,
    withdrawApprovalMaxAmount: f['max-amount'],
    withdrawApprovalDailyMaxAmount: f['daily-max-amount'],
    minAmount: f['min-amount'],
    maxSessionAmount: f['max-session-amount'],
    returnUrl: f['return-url'],
    frameOrigins: f['frame-origin'],
    status,
  };
}

/**
 * CONTRACT §9 "Webhook destinations" at set time: the https rule and every address the host resolves to. A name that
 * does not resolve yet is let through: every delivery checks again before it connects, which is the check that holds.
 */
export async function checkWebhookUrl(url: string, config: Pick<Config, 'NODE_ENV' | 'WEBHOOK_ALLOWED_PRIVATE_CIDRS'>): Promise<void> {
  const problem = webhookUrlProblem(url, config.NODE_ENV === 'production');
  if (problem) throw new UsageError(`--webhook-url: ${problem}`);
  const destination = await checkDestination(new URL(url), config.WEBHOOK_ALLOWED_PRIVATE_CIDRS).catch(() => null);
  if (destination && 'refused' in destination) {
    throw new UsageError(`--webhook-url: ${destination.refused}, an internal address outside WEBHOOK_ALLOWED_PRIVATE_CIDRS`);
  }
}
