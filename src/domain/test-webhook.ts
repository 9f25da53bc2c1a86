import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import { CRYPTO_DISPLAY_DECIMALS, FIAT_DECIMALS, toRawUnits, USD_LEDGER_DECIMALS } from './money';
import { encodeDeposit, encodeWithdrawComplete } from './webhook-events';

/**
 * Synthetic test events (spec 4.3, 6 rules 4-5): the same fields as real ones, `test=true`, and values that are
 * deterministic per session (depositId, idempotencyKey, transactionHash, withdrawRequestId), derived from the sid
 * so no state is needed. The synthetic asset is worth 1 USD per unit, so currentRate is 1 and local-currency
 * figures equal the USD ones.
 */
export const TEST_DEFAULT_CHAIN_ID = 8453;
export const TEST_DEFAULT_AMOUNT = '100';
const SYNTHETIC_TOKEN_DECIMALS = 6;
const NATIVE_DECIMALS = 18;

export interface TestSession {
  sid: string;
  sessionRef: string;
  type: 'DEPOSIT' | 'WITHDRAW';
  externalUserId: string;
  amount: string | null;
  platformFiatCurrency: string;
}

export interface TestOverrides {
  amount?: string;
  currency?: string;
  chainId?: number;
  address?: string;
}

const digest = (label: string, sid: string) => createHash('sha256').update(`${label}:${sid}`).digest('hex');

/** Negative (real ids are positive), stable for the session, within JS's safe integers. */
export function testDepositId(sid: string): string {
  return (-(BigInt('0x' + digest('deposit', sid).slice(0, 12)) + 1n)).toString();
}

/** Well-formed (32 bytes hex) and, being a hash of a label, not a real transaction. */
export function testTransactionHash(sid: string): string {
  return '0x' + digest('tx', sid);
}

/** A UUID-shaped id (version nibble 4, variant 8) stable for the session. */
export function testWithdrawRequestId(sid: string): string {
  const h = digest('withdraw', sid);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function testEventName(type: TestSession['type']): 'DEPOSIT' | 'WITHDRAW_COMPLETE' {
  return type === 'DEPOSIT' ? 'DEPOSIT' : 'WITHDRAW_COMPLETE';
}

/** The form body of the test event for a session; `now` only sets confirmedAt / completedAt. */
export function buildTestEventBody(s: TestSession, o: TestOverrides, now: Date): string {
  const amount = new Decimal(o.amount ?? s.amount ?? TEST_DEFAULT_AMOUNT);
  const currency = o.currency ?? s.platformFiatCurrency;
  const usd = amount.toFixed(USD_LEDGER_DECIMALS);
  if (s.type === 'DEPOSIT') {
    const erc20 = o.address !== undefined;
    const raw = toRawUnits(amount, erc20 ? SYNTHETIC_TOKEN_DECIMALS : NATIVE_DECIMALS).toString();
    return encodeDeposit(
      {
        depositId: testDepositId(s.sid),
        idempotencyKey: `test-${s.sid}`,
        externalUserId: s.externalUserId,
        sessionRef: s.sessionRef,
        sessionAmount: s.amount === null ? null : new Decimal(s.amount).toFixed(FIAT_DECIMALS),
        amount: raw,
        amountInDollar: usd,
        amountInLocalCurrency: usd,
        localCurrencyCode: currency,
        currentRate: '1',
        pair: `USD/${currency}`,
        grossAmount: raw,
        feeAmount: '0',
        feeInDollar: new Decimal(0).toFixed(USD_LEDGER_DECIMALS),
        type: erc20 ? 'ERC20' : 'NATIVE',
        contractAddress: erc20 ? o.address! : null,
        transactionHash: testTransactionHash(s.sid),
        chainId: String(o.chainId ?? TEST_DEFAULT_CHAIN_ID),
        confirmedAt: now.toISOString(),
      },
      { test: true },
    );
  }
  return encodeWithdrawComplete(
    {
      withdrawRequestId: testWithdrawRequestId(s.sid),
      sessionRef: s.sessionRef,
      externalUserId: s.externalUserId,
      type: 'DIRECT_TRANSFER',
      status: 'COMPLETED',
      address: o.address ?? '0x000000000000000000000000000000000000dEaD',
      cryptoCurrencyCode: 'USDT',
      fiatCurrencyCode: currency,
      fiatAmount: amount.toFixed(FIAT_DECIMALS),
      cryptoAmount: null,
      cryptoAmountSent: amount.toFixed(CRYPTO_DISPLAY_DECIMALS),
      amountInUsd: usd,
      completedAt: now.toISOString(),
    },
    { test: true },
  );
}
