import Decimal from 'decimal.js';
import { getAddress, ZeroAddress } from 'ethers';

/** Headless create and execute: address normalisation, what an idempotent create compares, execute's answer. */

export type AddressCheck = { ok: true; address: string } | { ok: false; reason: 'MALFORMED' | 'ZERO' };

/**
 * An EVM address as 0x + 40 hex digits, normalised to EIP-55. Mixed case must carry a valid checksum; ICAP, Tron
 * (base58 T...) and anything else is MALFORMED. The zero address is told apart: a recipient or token can never be it.
 */
export function checkEvmAddress(text: string): AddressCheck {
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) return { ok: false, reason: 'MALFORMED' };
  let address: string;
  try {
    address = getAddress(text);
  } catch {
    return { ok: false, reason: 'MALFORMED' };
  }
  return address === ZeroAddress ? { ok: false, reason: 'ZERO' } : { ok: true, address };
}

/**
 * What an idempotent create compares (spec 2.4 immutable fields). The user and the fiat currency are compared too:
 * the same amount in another currency, or for another user, is another withdrawal, never "the same" intent.
 */
export interface IntentPayload {
  externalUserId: string;
  fiatAmount: Decimal;
  fiatCurrency: string;
  /** EIP-55. */
  address: string;
  chainId: number;
  /** EIP-55. */
  tokenAddress: string;
}

/** The request fields that differ from the stored intent; empty means the same intent. */
export function payloadConflicts(stored: IntentPayload, requested: IntentPayload): Array<keyof IntentPayload> {
  const out: Array<keyof IntentPayload> = [];
  if (stored.externalUserId !== requested.externalUserId) out.push('externalUserId');
  // "10" and "10.00" are the same money.
  if (!stored.fiatAmount.eq(requested.fiatAmount)) out.push('fiatAmount');
  if (stored.fiatCurrency !== requested.fiatCurrency) out.push('fiatCurrency');
  if (stored.address !== requested.address) out.push('address');
  if (stored.chainId !== requested.chainId) out.push('chainId');
  if (stored.tokenAddress !== requested.tokenAddress) out.push('tokenAddress');
  return out;
}

/** The 202 answer of execute (spec 4.10 + CONTRACT §4), the same on every replay but for `replayed`. */
export interface ExecuteResult {
  sessionRef: string;
  withdrawRequestId: string;
  withdrawalStatus: 'EXECUTION_QUEUED';
  chainId: number;
  tokenAddress: string;
  symbol: string;
  fiatAmount: string;
  fiatCurrency: string;
  cryptoAmountSent: string;
  amountInUsd: string;
  priceRate: string;
  expiresAt: string | null;
  executedAt: string;
  replayed: boolean;
}

type Dec = { toFixed(dp?: number): string };

/** Built from the stored, priced intent, so a replay answers exactly what the first execute did. */
export function executeResult(
  w: {
    id: string;
    sessionRef: string;
    chainId: number;
    tokenAddress: string;
    symbol: string;
    fiatAmount: Dec;
    fiatCurrency: string;
    cryptoAmountSent: Dec | null;
    amountInUsd: Dec | null;
    priceRate: Dec | null;
    expiresAt: Date | null;
    executedAt: Date | null;
  },
  replayed: boolean,
): ExecuteResult {
  if (!w.cryptoAmountSent || !w.amountInUsd || !w.priceRate || !w.executedAt) throw new Error(`intent ${w.id} has not been executed`);
  return {
    sessionRef: w.sessionRef,
    withdrawRequestId: w.id,
    withdrawalStatus: 'EXECUTION_QUEUED',
    chainId: w.chainId,
    tokenAddress: w.tokenAddress,
    symbol: w.symbol,
    fiatAmount: w.fiatAmount.toFixed(2),
    fiatCurrency: w.fiatCurrency,
    cryptoAmountSent: w.cryptoAmountSent.toFixed(8),
    amountInUsd: w.amountInUsd.toFixed(6),
    // Plain notation with the digits the feed gave (no exponent, no padding to the column's 18 places).
    priceRate: new Decimal(w.priceRate.toFixed()).toFixed(),
    expiresAt: w.expiresAt?.toISOString() ?? null,
    executedAt: w.executedAt.toISOString(),
    replayed,
  };
}
