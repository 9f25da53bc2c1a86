import Decimal from 'decimal.js';
import { Wallet, ZeroAddress } from 'ethers';
import {
  canCancel,
  executeDisposition,
  isTerminal,
  liveRetryDisposition,
  retryDisposition,
  type HeadlessStatus,
} from '../../src/domain/headless';
import { headlessEventKey } from '../../src/domain/keys';
import { withdrawCancelledBody, withdrawFailedBody } from '../../src/domain/withdrawal-events';
import { checkEvmAddress, executeResult, payloadConflicts, type IntentPayload } from '../../src/domain/headless-intent';
import { WEBHOOK_FIELDS } from '../../src/domain/webhook-events';

const NOW = new Date('2026-11-22T12:00:00Z');
const LATER = new Date('2026-11-23T12:00:00Z');
const EARLIER = new Date('2026-11-21T12:00:00Z');
const ALL: HeadlessStatus[] = ['CREATED', 'EXECUTION_QUEUED', 'WAITING_FOR_GAS', 'RECONCILING', 'COMPLETED', 'FAILED', 'CANCELLED', 'EXPIRED'];

describe('isTerminal', () => {
  it('When FAILED is retryable, Then it is not terminal; FAILED for good, COMPLETED, CANCELLED and EXPIRED are', () => {
    expect(isTerminal({ status: 'FAILED', retryable: true })).toBe(false);
    expect(isTerminal({ status: 'FAILED', retryable: false })).toBe(true);
    for (const s of ['COMPLETED', 'CANCELLED', 'EXPIRED'] as const) expect(isTerminal({ status: s, retryable: null })).toBe(true);
    for (const s of ['CREATED', 'EXECUTION_QUEUED', 'WAITING_FOR_GAS', 'RECONCILING'] as const) expect(isTerminal({ status: s, retryable: null })).toBe(false);
  });
});

describe('executeDisposition (spec 7.4 HEADLESS_INTENT_NOT_EXECUTABLE)', () => {
  it('When CREATED before its expiry with no reservation, Then EXECUTE', () => {
    expect(executeDisposition({ status: 'CREATED', expiresAt: LATER, reservation: null }, NOW)).toBe('EXECUTE');
  });
  it('When CREATED but past its expiry (the timer has not fired yet), Then NOT_EXECUTABLE', () => {
    expect(executeDisposition({ status: 'CREATED', expiresAt: EARLIER, reservation: null }, NOW)).toBe('NOT_EXECUTABLE');
    expect(executeDisposition({ status: 'CREATED', expiresAt: NOW, reservation: null }, NOW)).toBe('NOT_EXECUTABLE');
  });
  it('When the reservation is held or consumed, Then REPLAY, whatever the status (queued, waiting, failed retryable, completed)', () => {
    for (const status of ['EXECUTION_QUEUED', 'WAITING_FOR_GAS', 'RECONCILING', 'FAILED', 'COMPLETED'] as const) {
      expect(executeDisposition({ status, expiresAt: EARLIER, reservation: 'ACTIVE' }, NOW)).toBe('REPLAY');
    }
    expect(executeDisposition({ status: 'COMPLETED', expiresAt: EARLIER, reservation: 'CONSUMED' }, NOW)).toBe('REPLAY');
  });
  it('When cancelled or expired, Then NOT_EXECUTABLE even though it was executed before', () => {
    expect(executeDisposition({ status: 'CANCELLED', expiresAt: LATER, reservation: 'RELEASED' }, NOW)).toBe('NOT_EXECUTABLE');
    expect(executeDisposition({ status: 'CANCELLED', expiresAt: LATER, reservation: null }, NOW)).toBe('NOT_EXECUTABLE');
    expect(executeDisposition({ status: 'EXPIRED', expiresAt: EARLIER, reservation: null }, NOW)).toBe('NOT_EXECUTABLE');
  });
  it('When failed for good (its reservation released), Then NOT_EXECUTABLE', () => {
    expect(executeDisposition({ status: 'FAILED', expiresAt: LATER, reservation: 'RELEASED' }, NOW)).toBe('NOT_EXECUTABLE');
  });
});

describe('canCancel (spec 4.12)', () => {
  it('When no hash exists, Then CREATED, EXECUTION_QUEUED, WAITING_FOR_GAS and FAILED(retryable) can be cancelled, nothing else', () => {
    const allowed = ALL.filter((status) => canCancel({ status, retryable: status === 'FAILED' ? true : null, hasTxHash: false }));
    expect(allowed).toEqual(['CREATED', 'EXECUTION_QUEUED', 'WAITING_FOR_GAS', 'FAILED']);
    expect(canCancel({ status: 'FAILED', retryable: false, hasTxHash: false })).toBe(false);
  });
  it('When a transaction hash exists, Then never, whatever the status says', () => {
    for (const status of ALL) expect(canCancel({ status, retryable: true, hasTxHash: true })).toBe(false);
  });
});

describe('retryDisposition (spec 4.13)', () => {
  it('When WAITING_FOR_GAS or FAILED(retryable) without a hash, Then RETRY', () => {
    expect(retryDisposition({ status: 'WAITING_FOR_GAS', retryable: null, hasTxHash: false })).toBe('RETRY');
    expect(retryDisposition({ status: 'FAILED', retryable: true, hasTxHash: false })).toBe('RETRY');
  });
  it('When queued, Then IN_PROGRESS (a settlement worker holds it)', () => {
    expect(retryDisposition({ status: 'EXECUTION_QUEUED', retryable: null, hasTxHash: false })).toBe('IN_PROGRESS');
  });
  it('When terminal, CREATED, reconciling, or any hash exists, Then NOT_ALLOWED', () => {
    for (const status of ['CREATED', 'RECONCILING', 'COMPLETED', 'CANCELLED', 'EXPIRED'] as const) {
      expect(retryDisposition({ status, retryable: null, hasTxHash: false })).toBe('NOT_ALLOWED');
    }
    expect(retryDisposition({ status: 'FAILED', retryable: false, hasTxHash: false })).toBe('NOT_ALLOWED');
    expect(retryDisposition({ status: 'WAITING_FOR_GAS', retryable: null, hasTxHash: true })).toBe('NOT_ALLOWED');
  });
  it('When the workflow already has a retry pending or a check in flight, Then IN_PROGRESS; once signing began, NOT_ALLOWED', () => {
    const live = { status: 'WAITING_FOR_GAS' as const, retryable: null, retryPending: false, attemptInFlight: false, signing: false };
    expect(liveRetryDisposition(live)).toBe('RETRY');
    expect(liveRetryDisposition({ ...live, retryPending: true })).toBe('IN_PROGRESS');
    expect(liveRetryDisposition({ ...live, attemptInFlight: true })).toBe('IN_PROGRESS');
    expect(liveRetryDisposition({ ...live, status: 'EXECUTION_QUEUED', signing: true })).toBe('NOT_ALLOWED');
  });
});

describe('checkEvmAddress', () => {
  const addr = Wallet.createRandom().address;
  it('When lower case, upper case or checksummed, Then the EIP-55 form', () => {
    expect(checkEvmAddress(addr.toLowerCase())).toEqual({ ok: true, address: addr });
    expect(checkEvmAddress(`0x${addr.slice(2).toUpperCase()}`)).toEqual({ ok: true, address: addr });
    expect(checkEvmAddress(addr)).toEqual({ ok: true, address: addr });
  });
  it('When mixed case carries a wrong checksum, Then MALFORMED', () => {
    const flipped = addr.replace(/[a-f]/, (c) => c.toUpperCase());
    if (flipped !== addr) expect(checkEvmAddress(flipped)).toEqual({ ok: false, reason: 'MALFORMED' });
    expect(checkEvmAddress('0x52908400098527886E0F7030069857D2E4169EE7'.replace('E0F', 'e0F'))).toEqual({ ok: false, reason: 'MALFORMED' });
  });
  it.each([['TJRabPrwbZy45sbavfcjinPJC18kjpRTv8'], ['XE7338O073KYGTWWZN0F2WZ0R8PX5ZPPZS'], ['0x123'], [''], [`${addr} `], [`${addr}00`]])(
    'When %j (Tron, ICAP, short, empty, padded), Then MALFORMED',
    (text) => expect(checkEvmAddress(text)).toEqual({ ok: false, reason: 'MALFORMED' }),
  );
  it('When the zero address, Then ZERO', () => {
    expect(checkEvmAddress(ZeroAddress)).toEqual({ ok: false, reason: 'ZERO' });
  });
});

describe('payloadConflicts (idempotent create)', () => {
  const base: IntentPayload = {
    externalUserId: 'u1', fiatAmount: new Decimal('10'), fiatCurrency: 'USD', address: Wallet.createRandom().address, chainId: 31337, tokenAddress: Wallet.createRandom().address,
  };
  it('When the payload is the same (10 and 10.00 are the same money), Then no conflict', () => {
    expect(payloadConflicts(base, { ...base, fiatAmount: new Decimal('10.00') })).toEqual([]);
  });
  it('When any immutable field differs, Then it is named', () => {
    expect(payloadConflicts(base, { ...base, fiatAmount: new Decimal('10.01') })).toEqual(['fiatAmount']);
    expect(payloadConflicts(base, { ...base, address: Wallet.createRandom().address, chainId: 1 })).toEqual(['address', 'chainId']);
    expect(payloadConflicts(base, { ...base, tokenAddress: Wallet.createRandom().address })).toEqual(['tokenAddress']);
    expect(payloadConflicts(base, { ...base, externalUserId: 'u2', fiatCurrency: 'EUR' })).toEqual(['externalUserId', 'fiatCurrency']);
  });
});

const intent = {
  id: '11111111-1111-4111-8111-111111111111', sessionRef: 'sr_x', externalUserId: 'user & co', address: '0x000000000000000000000000000000000000dEaD',
  symbol: 'USDT', fiatCurrency: 'EUR', chainId: 31337, tokenAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  fiatAmount: new Decimal('10.5'), cryptoAmountSent: new Decimal('11.41304347'), amountInUsd: new Decimal('11.413043'),
  priceRate: new Decimal('1.000000000000000000'), expiresAt: LATER, executedAt: NOW,
};

describe('executeResult', () => {
  it('When built from an executed intent, Then every field with its precision, and replayed as asked', () => {
    expect(executeResult(intent, true)).toEqual({
      sessionRef: 'sr_x', withdrawRequestId: intent.id, withdrawalStatus: 'EXECUTION_QUEUED', chainId: 31337, tokenAddress: intent.tokenAddress,
      symbol: 'USDT', fiatAmount: '10.50', fiatCurrency: 'EUR', cryptoAmountSent: '11.41304347', amountInUsd: '11.413043', priceRate: '1',
      expiresAt: LATER.toISOString(), executedAt: NOW.toISOString(), replayed: true,
    });
  });
  it('When the intent was never priced, Then it throws (there is no result to replay)', () => {
    expect(() => executeResult({ ...intent, cryptoAmountSent: null, executedAt: null }, false)).toThrow(/not been executed/);
  });
});

describe('WITHDRAW_FAILED / WITHDRAW_CANCELLED bodies', () => {
  const form = (body: string) => Object.fromEntries(new URLSearchParams(body));
  it('When a priced intent fails, Then the spec 6.4 fields in order, retryable as text and the given eventId', () => {
    const body = withdrawFailedBody(intent, { retryable: true, reasonCode: 'SETTLEMENT_UNAVAILABLE', eventId: 'e-1' });
    expect([...new URLSearchParams(body).keys()]).toEqual([...WEBHOOK_FIELDS.WITHDRAW_FAILED]);
    expect(form(body)).toMatchObject({
      event: 'WITHDRAW_FAILED', status: 'FAILED', type: 'DIRECT_TRANSFER', externalUserId: 'user & co', fiatAmount: '10.50', fiatCurrencyCode: 'EUR',
      cryptoAmount: 'null', cryptoAmountSent: '11.41304347', amountInUsd: '11.413043', retryable: 'true', reasonCode: 'SETTLEMENT_UNAVAILABLE', eventId: 'e-1',
    });
  });
  it('When an unpriced intent is cancelled, Then cryptoAmountSent and amountInUsd are null and there is no retryable field', () => {
    const body = withdrawCancelledBody({ ...intent, cryptoAmountSent: null, amountInUsd: null }, { reasonCode: 'INTENT_EXPIRED', eventId: 'e-2' });
    expect([...new URLSearchParams(body).keys()]).toEqual([...WEBHOOK_FIELDS.WITHDRAW_CANCELLED]);
    expect(form(body)).toMatchObject({ event: 'WITHDRAW_CANCELLED', status: 'CANCELLED', cryptoAmountSent: 'null', amountInUsd: 'null', reasonCode: 'INTENT_EXPIRED', eventId: 'e-2' });
  });
});

describe('headlessEventKey', () => {
  it('When keys are made for one intent, Then each failure is distinct and all share the prefix', () => {
    const keys = [headlessEventKey.cancelled('w'), headlessEventKey.failed('w', 1), headlessEventKey.failed('w', 2)];
    expect(new Set(keys).size).toBe(3);
    for (const k of keys) expect(k.startsWith(headlessEventKey.prefix('w'))).toBe(true);
    expect(headlessEventKey.failed('w2', 1).startsWith(headlessEventKey.prefix('w'))).toBe(false);
  });
});
