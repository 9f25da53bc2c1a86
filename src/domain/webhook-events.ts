/**
 * Webhook bodies (spec 6): application/x-www-form-urlencoded, fields in the spec's table order, null as the
 * text `null`. Pure: the outbox stores the encoded body once, so every delivery of an event is byte-identical.
 */

/** The fields that open every withdrawal outcome's table (spec 6.3-6.5), in its order. */
const WITHDRAW_OUTCOME_FIELDS = [
    'event',
    'withdrawRequestId',
    'sessionRef',
    'externalUserId',
    'type',
    'status',
    'address',
    'cryptoCurrencyCode',
    'fiatCurrencyCode',
    'fiatAmount',
    'cryptoAmount',
    'cryptoAmountSent',
    'amountInUsd',
] as const;

/** The one place the field lists live, each in its spec table's order (6.1-6.5). */
export const WEBHOOK_FIELDS = {
  DEPOSIT: [
    'event',
    'depositId',
    'idempotencyKey',
    'externalUserId',
    'sessionRef',
    'sessionAmount',
    'amount',
    'amountInDollar',
    'amountInLocalCurrency',
    'localCurrencyCode',
    'currentRate',
    'pair',
    'grossAmount',
    'feeAmount',
    'feeInDollar',
    'type',
    'contractAddress',
    'transactionHash',
    'chainId',
    'confirmedAt',
  ],
  WITHDRAW_REQUEST: [
    'event',
    'withdrawRequestId',
    'sessionRef',
    'externalUserId',
    'type',
    'address',
    'cryptoCurrencyCode',
    'fiatCurrencyCode',
    'fiatAmount',
    'cryptoAmount',
    'cryptoAmountSent',
    'amountInUsd',
    'requestedAt',
  ],
  WITHDRAW_COMPLETE: [...WITHDRAW_OUTCOME_FIELDS, 'completedAt'],
  // 6.4: WITHDRAW_COMPLETE's fields without completedAt, plus the three below.
  WITHDRAW_FAILED: [...WITHDRAW_OUTCOME_FIELDS, 'retryable', 'reasonCode', 'eventId'],
  // 6.5: WITHDRAW_FAILED's shape without retryable.
  WITHDRAW_CANCELLED: [...WITHDRAW_OUTCOME_FIELDS, 'reasonCode', 'eventId'],
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_FIELDS;

/** The spec's `number` fields are ids, not money; taking them as text or bigint keeps JS numbers out of bodies. */
type IntegerField = 'depositId' | 'chainId';
const INTEGER_FIELDS: ReadonlySet<string> = new Set<IntegerField>(['depositId', 'chainId']);
const INTEGER_TEXT = /^-?(0|[1-9]\d*)$/; // negative: test deposits carry a negative depositId (spec 6 rule 5)

/** A payload is every listed field but `event`, which the encoder sets. Amounts are decimal text, never numbers. */
type Payload<E extends WebhookEventType> = {
  [K in Exclude<(typeof WEBHOOK_FIELDS)[E][number], 'event'>]: K extends IntegerField ? string | bigint : string | null;
};

export type DepositEvent = Payload<'DEPOSIT'>;
export type WithdrawRequestEvent = Payload<'WITHDRAW_REQUEST'>;
export type WithdrawCompleteEvent = Payload<'WITHDRAW_COMPLETE'>;
export type WithdrawFailedEvent = Payload<'WITHDRAW_FAILED'>;
export type WithdrawCancelledEvent = Payload<'WITHDRAW_CANCELLED'>;

export interface EncodeOptions {
  /** Appends `test=true` (spec 6 rule 4); real events never carry it. */
  test?: boolean;
}

export function encodeDeposit(p: DepositEvent, opts: EncodeOptions = {}): string {
  return encodeForm('DEPOSIT', p, opts.test === true);
}

export function encodeWithdrawRequest(p: WithdrawRequestEvent, opts: EncodeOptions = {}): string {
  return encodeForm('WITHDRAW_REQUEST', p, opts.test === true);
}

export function encodeWithdrawComplete(p: WithdrawCompleteEvent, opts: EncodeOptions = {}): string {
  return encodeForm('WITHDRAW_COMPLETE', p, opts.test === true);
}

export function encodeWithdrawFailed(p: WithdrawFailedEvent, opts: EncodeOptions = {}): string {
  return encodeForm('WITHDRAW_FAILED', p, opts.test === true);
}

export function encodeWithdrawCancelled(p: WithdrawCancelledEvent, opts: EncodeOptions = {}): string {
  return encodeForm('WITHDRAW_CANCELLED', p, opts.test === true);
}

/**
 * Checks at run time too (a spread, an `as` or JS data can defeat the types): a missing or unexpected key
 * throws rather than silently dropping or adding a field the operator's handler relies on.
 */
function encodeForm(event: WebhookEventType, values: Readonly<Record<string, unknown>>, test: boolean): string {
  const fields: readonly string[] = WEBHOOK_FIELDS[event];
  const extra = Object.keys(values).filter((key) => key === 'event' || !fields.includes(key));
  if (extra.length > 0) throw new Error(`${event} webhook: unexpected field(s) ${extra.join(', ')}`);
  const pairs = fields.map((name): [string, string] => [name, name === 'event' ? event : formValue(event, name, values[name])]);
  if (test) pairs.push(['test', 'true']);
  // URLSearchParams is the standard form serializer (space as +), the same one operators parse with.
  return new URLSearchParams(pairs).toString();
}

function formValue(event: WebhookEventType, name: string, value: unknown): string {
  if (value === undefined) throw new Error(`${event} webhook: missing field ${name}`);
  if (INTEGER_FIELDS.has(name)) {
    const text = typeof value === 'bigint' ? value.toString() : value;
    if (typeof text !== 'string' || !INTEGER_TEXT.test(text)) {
      throw new Error(`${event} webhook: ${name} must be integer text or a bigint`);
    }
    return text;
  }
  if (value === null) return 'null';
  if (typeof value !== 'string') throw new Error(`${event} webhook: ${name} must be a string or null`);
  return value;
}
