import Decimal from 'decimal.js';
import { callbackState, statusRecord, txView } from '../../src/domain/headless-record';
import { availableRaw, optionStatus } from '../../src/domain/withdraw-options';

describe('txView (BROADCASTED and CONFIRMING are views of RECONCILING)', () => {
  it('When nothing is signed, or the payout is signed but never sent, Then NONE with 0 confirmations', () => {
    expect(txView(null, null, 2)).toEqual({ txState: 'NONE', confirmations: 0 });
    expect(txView({ status: 'SIGNED', blockNumber: null }, { head: 10, includedIn: null }, 2)).toEqual({ txState: 'NONE', confirmations: 0 });
    // Never mined and never will be (nonce taken elsewhere, or the chain instance is gone): nothing was sent.
    expect(txView({ status: 'DROPPED', blockNumber: null }, { head: 10, includedIn: null }, 2)).toEqual({ txState: 'NONE', confirmations: 0 });
    expect(txView({ status: 'RETIRED', blockNumber: null }, null, 2)).toEqual({ txState: 'NONE', confirmations: 0 });
  });
  it('When broadcast and not mined, Then BROADCASTED with 0', () => {
    expect(txView({ status: 'BROADCAST', blockNumber: null }, { head: 10, includedIn: null }, 2)).toEqual({ txState: 'BROADCASTED', confirmations: 0 });
  });
  it('When mined with fewer confirmations than required, Then CONFIRMING, the including block counting as 1', () => {
    expect(txView({ status: 'BROADCAST', blockNumber: null }, { head: 10, includedIn: 10 }, 2)).toEqual({ txState: 'CONFIRMING', confirmations: 1 });
  });
  it('When mined with the required confirmations but not yet recorded, Then CONFIRMED', () => {
    expect(txView({ status: 'BROADCAST', blockNumber: null }, { head: 11, includedIn: 10 }, 2)).toEqual({ txState: 'CONFIRMED', confirmations: 2 });
  });
  it('When recorded as confirmed or reverted, Then CONFIRMED, counting from the stored block', () => {
    expect(txView({ status: 'CONFIRMED', blockNumber: 10 }, { head: 14, includedIn: 10 }, 2)).toEqual({ txState: 'CONFIRMED', confirmations: 5 });
    expect(txView({ status: 'FAILED', blockNumber: 10 }, { head: 10, includedIn: 10 }, 2)).toEqual({ txState: 'CONFIRMED', confirmations: 1 });
  });
  it('When the chain cannot be read, Then the stored state with unknown (null) confirmations', () => {
    expect(txView({ status: 'BROADCAST', blockNumber: null }, null, 2)).toEqual({ txState: 'BROADCASTED', confirmations: null });
    expect(txView({ status: 'CONFIRMED', blockNumber: 10 }, null, 2)).toEqual({ txState: 'CONFIRMED', confirmations: null });
  });
});

describe('callbackState', () => {
  const at = (s: string) => new Date(`2026-11-22T00:00:0${s}Z`);
  it('When there is no event, Then NONE', () => expect(callbackState([])).toBe('NONE'));
  it('When there are several, Then the latest one decides', () => {
    expect(callbackState([{ status: 'DELIVERED', createdAt: at('1') }, { status: 'RETRYING', createdAt: at('2') }])).toBe('RETRYING');
    expect(callbackState([{ status: 'DEAD_LETTER', createdAt: at('3') }, { status: 'DELIVERED', createdAt: at('2') }])).toBe('DEAD_LETTER');
  });
});

describe('statusRecord', () => {
  const row = {
    id: 'w1', sessionRef: 'sr_1', status: 'FAILED' as const, retryable: true, reasonCode: 'SETTLEMENT_UNAVAILABLE', settlementTxHash: null,
    fiatAmount: new Decimal('5'), fiatCurrency: 'USD', cryptoAmountSent: null, amountInUsd: null, symbol: 'USDT', chainId: 31337,
    tokenAddress: '0xT', address: '0xA', createdAt: new Date(0), updatedAt: new Date(1000), expiresAt: null,
  };
  it('When built, Then exactly the CONTRACT §4 fields, amounts as text at their precision, retryable only for FAILED', () => {
    const r = statusRecord(row, { txState: 'NONE', confirmations: 0 }, 2, 'PENDING');
    expect(Object.keys(r)).toEqual([
      'sessionRef', 'withdrawRequestId', 'status', 'retryable', 'txHash', 'txState', 'confirmations', 'requiredConfirmations', 'callbackState',
      'reasonCode', 'fiatAmount', 'fiatCurrency', 'cryptoAmountSent', 'amountInUsd', 'symbol', 'chainId', 'tokenAddress', 'address',
      'createdAt', 'updatedAt', 'expiresAt',
    ]);
    expect(r).toMatchObject({ retryable: true, fiatAmount: '5.00', cryptoAmountSent: null, callbackState: 'PENDING', requiredConfirmations: 2 });
    expect(statusRecord({ ...row, status: 'EXECUTION_QUEUED', retryable: null }, { txState: 'NONE', confirmations: 0 }, 2, 'NONE').retryable).toBeNull();
  });
});

describe('withdraw options availability', () => {
  it('When reservations exceed the balance, Then nothing is available (never negative)', () => {
    expect(availableRaw(5n, 9n)).toBe(0n);
    expect(availableRaw(9n, 5n)).toBe(4n);
  });
  it('When the balance or the price is unknown, Then UNKNOWN; when unsupported, UNAVAILABLE first', () => {
    expect(optionStatus({ supported: true, balance: null, reserved: 0n, priceKnown: true })).toBe('UNKNOWN');
    expect(optionStatus({ supported: true, balance: 10n, reserved: 0n, priceKnown: false })).toBe('UNKNOWN');
    expect(optionStatus({ supported: false, balance: null, reserved: 0n, priceKnown: false })).toBe('UNAVAILABLE');
  });
  it('When listing, Then AVAILABLE while anything is free', () => {
    expect(optionStatus({ supported: true, balance: 10n, reserved: 9n, priceKnown: true })).toBe('AVAILABLE');
    expect(optionStatus({ supported: true, balance: 10n, reserved: 10n, priceKnown: true })).toBe('UNAVAILABLE');
  });
  it('When checking an intent, Then AVAILABLE only if the free amount covers it; an executed one is already covered', () => {
    const base = { supported: true, balance: 10n, reserved: 4n, priceKnown: true };
    expect(optionStatus({ ...base, needed: 6n })).toBe('AVAILABLE');
    expect(optionStatus({ ...base, needed: 7n })).toBe('UNAVAILABLE');
    expect(optionStatus({ ...base, needed: null })).toBe('UNKNOWN');
    expect(optionStatus({ ...base, reserved: 10n, needed: 'RESERVED' })).toBe('AVAILABLE');
  });
});
