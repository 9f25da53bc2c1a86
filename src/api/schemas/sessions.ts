import Decimal from 'decimal.js';
import { z } from 'zod';
import { BALANCE_RE, FIAT_AMOUNT_RE, FIAT_CODE_RE } from '../../domain/money';
import { checkRedirectUrl } from '../../domain/redirect-url';

/** Any textual UUID PostgreSQL accepts (not only RFC versions): anything else cannot name a session. */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A session's id in a path (POST /session/:uuid/test-webhook): zod's RFC form; anything else reads as missing. */
export const sessionIdSchema = z.uuid();

// One check per field where possible: zod keeps checking after a failure, and one mistake should read as one issue.
const text = (max: number) => z.string().max(max).regex(/\S/, 'must not be empty or blank');

/** Optional free text; null is taken as "not given", as operators' clients often send it. */
const optionalText = (max: number) => text(max).nullish();

/** Spec 4.1 / 4.2: fiat, positive, at most 2 decimals, as a decimal string (never a JSON number). */
const fiatAmount = z
  .string()
  // abort: the positivity check below must only see a well-formed decimal (Decimal would throw on " 10").
  .regex(FIAT_AMOUNT_RE, { message: 'must be a decimal string with at most 2 decimals, e.g. "100.50"', abort: true })
  .refine((v) => new Decimal(v).gt(0), 'must be greater than zero');

const redirectUrl = z.string().superRefine((value, ctx) => {
  const verdict = checkRedirectUrl(value);
  if (!verdict.ok) ctx.addIssue({ code: 'custom', message: verdict.reason });
});

/** Fields shared by deposit and widget withdraw sessions. */
const sessionFields = {
  externalUserId: text(255),
  lang: text(35),
  platformFiatCurrency: z.string().regex(FIAT_CODE_RE, 'must be a 3-letter upper-case currency code, e.g. "EUR"'),
  userBalance: z.string().regex(BALANCE_RE, 'must be a non-negative decimal string with at most 8 decimals'),
  amount: fiatAmount,
  email: optionalText(320),
  operatorReference: optionalText(255),
};

export const depositSessionSchema = z.object({
  ...sessionFields,
  redirectUrl: redirectUrl.nullish(),
});
export type DepositSessionBody = z.infer<typeof depositSessionSchema>;

/** Widget mode only; HEADLESS is turned away before this schema runs (see the withdraw route). */
export const withdrawSessionSchema = z.object({
  ...sessionFields,
  executionMode: z.literal('HEADLESS').optional(),
});
export type WithdrawSessionBody = z.infer<typeof withdrawSessionSchema>;

export type SessionBody = DepositSessionBody | WithdrawSessionBody;
