import {
  WEBHOOK_FIELDS,
  encodeDeposit,
  encodeWithdrawCancelled,
  encodeWithdrawComplete,
  encodeWithdrawFailed,
  encodeWithdrawRequest,
  type DepositEvent,
  type WithdrawCancelledEvent,
  type WithdrawCompleteEvent,
  type WithdrawFailedEvent,
  type WithdrawRequestEvent,
} from '../../src/domain/webhook-events';

// Copied by hand from the spec tables 6.1-6.5, in table order; deliberately not derived from the module.
const SPEC = {
  DEPOSIT: [
    'event', 'depositId', 'idempotencyKey', 'externalUserId', 'sessionRef', 'sessionAmount', 'amount',
    'amountInDollar', 'amountInLocalCurrency', 'localCurrencyCode', 'currentRate', 'pair', 'grossAmount',
    'feeAmount', 'feeInDollar', 'type', 'contractAddress', 'transactionHash', 'chainId', 'confirmedAt',
  ],
  WITHDRAW_REQUEST: [
    'event', 'withdrawRequestId', 'sessionRef', 'externalUserId', 'type', 'address', 'cryptoCurrencyCode',
    'fiatCurrencyCode', 'fiatAmount', 'cryptoAmount', 'cryptoAmountSent', 'amountInUsd', 'requestedAt',
  ],
  WITHDRAW_COMPLETE: [
    'event', 'withdrawRequestId', 'sessionRef', 'externalUserId', 'type', 'status', 'address',
    'cryptoCurrencyCode', 'fiatCurrencyCode', 'fiatAmount', 'cryptoAmount', 'cryptoAmountSent', 'amountInUsd',
    'completedAt',
  ],
  WITHDRAW_FAILED: [
    'event', 'withdrawRequestId', 'sessionRef', 'externalUserId', 'type', 'status', 'address',
    'cryptoCurrencyCode', 'fiatCurrencyCode', 'fiatAmount', 'cryptoAmount', 'cryptoAmountSent', 'amountInUsd',
    'retryable', 'reasonCode', 'eventId',
  ],
  WITHDRAW_CANCELLED: [
    'event', 'withdrawRequestId', 'sessionRef', 'externalUserId', 'type', 'status', 'address',
    'cryptoCurrencyCode', 'fiatCurrencyCode', 'fiatAmount', 'cryptoAmount', 'cryptoAmountSent', 'amountInUsd',
    'reasonCode', 'eventId',
  ],
};

const deposit: DepositEvent = {
  depositId: '42',
  idempotencyKey: 'dep-42',
  externalUserId: 'user-1',
  sessionRef: null,
  sessionAmount: null,
  amount: '990000',
  amountInDollar: '0.99',
  amountInLocalCurrency: '0.99',
  localCurrencyCode: 'USD',
  currentRate: '1',
  pair: 'USD/USD',
  grossAmount: '1000000',
  feeAmount: '10000',
  feeInDollar: '0.010000',
  type: 'ERC20',
  contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  transactionHash: '0x' + 'ab'.repeat(32),
  chainId: 31337n,
  confirmedAt: '2024-05-01T12:00:00.000Z',
};

const request: WithdrawRequestEvent = {
  withdrawRequestId: '0b0f3c1e-8d5e-4c2a-9a53-2f9f1f0b7a11',
  sessionRef: 'sess-1',
  externalUserId: 'user-1',
  type: 'DIRECT_TRANSFER',
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  cryptoCurrencyCode: 'USDT',
  fiatCurrencyCode: 'EUR',
  fiatAmount: '25.00',
  cryptoAmount: null,
  cryptoAmountSent: '27.123456',
  amountInUsd: '27.12',
  requestedAt: '2024-05-01T12:00:00.000Z',
};

const { requestedAt: _requestedAt, ...requestFields } = request;
const complete: WithdrawCompleteEvent = { ...requestFields, status: 'COMPLETED', completedAt: '2024-05-01T12:05:00.000Z' };
const failed: WithdrawFailedEvent = {
  ...requestFields,
  status: 'FAILED',
  cryptoAmountSent: null,
  amountInUsd: null,
  retryable: 'true',
  reasonCode: 'INSUFFICIENT_LIQUIDITY',
  eventId: 'evt-1',
};
const { retryable: _retryable, ...cancelledFields } = failed;
const cancelled: WithdrawCancelledEvent = { ...cancelledFields, status: 'CANCELLED', reasonCode: 'USER_CANCELLED' };

const CASES = [
  { event: 'DEPOSIT', encode: (o?: { test?: boolean }) => encodeDeposit(deposit, o) },
  { event: 'WITHDRAW_REQUEST', encode: (o?: { test?: boolean }) => encodeWithdrawRequest(request, o) },
  { event: 'WITHDRAW_COMPLETE', encode: (o?: { test?: boolean }) => encodeWithdrawComplete(complete, o) },
  { event: 'WITHDRAW_FAILED', encode: (o?: { test?: boolean }) => encodeWithdrawFailed(failed, o) },
  { event: 'WITHDRAW_CANCELLED', encode: (o?: { test?: boolean }) => encodeWithdrawCancelled(cancelled, o) },
] as const;

const keysOf = (body: string): string[] => [...new URLSearchParams(body).keys()];

describe.each(CASES)('$event', ({ event, encode }) => {
  it('lists exactly the spec table fields, in order', () => {
    expect(WEBHOOK_FIELDS[event]).toEqual(SPEC[event]);
  });

  it('encodes every field in list order with the event name fixed', () => {
    const body = encode();
    expect(keysOf(body)).toEqual(SPEC[event]);
    expect(new URLSearchParams(body).get('event')).toBe(event);
  });

  it('appends test=true last only when asked', () => {
    expect(keysOf(encode({ test: false }))).not.toContain('test');
    const body = encode({ test: true });
    expect(keysOf(body)).toEqual([...SPEC[event], 'test']);
    expect(body.endsWith('&test=true')).toBe(true);
  });
});

describe('field values', () => {
  it('encodes null as the text null and integers as numeric text', () => {
    const params = new URLSearchParams(encodeDeposit(deposit));
    expect(params.get('sessionRef')).toBe('null');
    expect(params.get('sessionAmount')).toBe('null');
    expect(params.get('depositId')).toBe('42');
    expect(params.get('chainId')).toBe('31337');
    expect(params.get('feeInDollar')).toBe('0.010000');
  });

  it('accepts a negative depositId (test deposits)', () => {
    expect(new URLSearchParams(encodeDeposit({ ...deposit, depositId: '-7' })).get('depositId')).toBe('-7');
  });

  it('round-trips spaces, &, =, + and unicode through URLSearchParams', () => {
    const tricky = 'a b&c=d+e%f ü 名前 😀';
    const body = encodeWithdrawRequest({ ...request, externalUserId: tricky });
    expect(body).toContain('externalUserId=a+b%26c%3Dd%2Be%25f+');
    expect(new URLSearchParams(body).get('externalUserId')).toBe(tricky);
  });

  it('throws on a missing field', () => {
    const { amount: _amount, ...rest } = deposit;
    expect(() => encodeDeposit(rest as DepositEvent)).toThrow('DEPOSIT webhook: missing field amount');
    expect(() => encodeDeposit({ ...deposit, amount: undefined } as unknown as DepositEvent)).toThrow(/missing field amount/);
  });

  it('throws on an unexpected key, including a caller-supplied event', () => {
    expect(() => encodeWithdrawComplete({ ...complete, retryable: 'true' } as WithdrawCompleteEvent)).toThrow(
      'WITHDRAW_COMPLETE webhook: unexpected field(s) retryable',
    );
    expect(() => encodeDeposit({ ...deposit, event: 'WITHDRAW_COMPLETE' } as DepositEvent)).toThrow(/unexpected field\(s\) event/);
    expect(() => encodeDeposit({ ...deposit, test: 'true' } as DepositEvent)).toThrow(/unexpected field\(s\) test/);
  });

  it('refuses JS numbers (at compile time and at run time) and non-integer ids', () => {
    // @ts-expect-error money is never a JS number
    expect(() => encodeDeposit({ ...deposit, amount: 0.99 })).toThrow(/amount must be a string or null/);
    // @ts-expect-error ids are integer text or bigint, never a JS number
    expect(() => encodeDeposit({ ...deposit, chainId: 1 })).toThrow(/chainId must be integer text/);
    expect(() => encodeDeposit({ ...deposit, depositId: '4.2' })).toThrow(/depositId must be integer text/);
    expect(() => encodeDeposit({ ...deposit, depositId: null } as unknown as DepositEvent)).toThrow(/depositId/);
  });
});
