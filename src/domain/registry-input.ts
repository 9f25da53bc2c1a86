import Decimal from 'decimal.js';
import { getAddress, isAddress, parseUnits } from 'ethers';
import { INTRINSIC_GAS } from './gas';

/** The networks the registry holds: EVM chains, and TRON (TRC-20) for the widget flows. */
export type ChainType = 'EVM' | 'TRON';

/** A registry value the service team gave wrongly: the CLI answers it as a wrong call, and nothing is written. */
export class RegistryInputError extends Error {}

/** TRON's base58check form of an address: 'T' and 33 more base58 characters (the checksum is TRON code's to verify). */
const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

/**
 * A contract address in the form the registry stores it: EIP-55 on EVM (so lookups by exact text match what the chain
 * and the API report), base58 as given on TRON. Throws RegistryInputError naming `what` otherwise.
 */
export function registryAddress(type: ChainType, address: string, what: string): string {
  if (type === 'TRON') {
    if (!TRON_ADDRESS.test(address)) throw new RegistryInputError(`${what}: expected a TRON base58 address (T...), got "${address}"`);
    return address;
  }
  // A mixed-case address with a wrong checksum is a typo, not another address: getAddress refuses it.
  if (!isAddress(address)) throw new RegistryInputError(`${what}: expected an EVM address (0x and 40 hex digits with a valid checksum), got "${address}"`);
  const normalized = getAddress(address);
  if (/^0x0{40}$/.test(normalized)) throw new RegistryInputError(`${what}: the zero address is not a contract`);
  return normalized;
}

/** Decimals a token or native asset may have: ERC-20's uint8 in practice never exceeds 36; 0 is a valid whole-unit token. */
export function checkedDecimals(decimals: number, what: string): number {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 36) throw new RegistryInputError(`${what}: expected a whole number from 0 to 36, got ${decimals}`);
  return decimals;
}

/** Confirmations to wait: at least 1 (0 would credit a transfer a reorganisation can still undo). */
export function checkedConfirmations(n: number, what: string): number {
  if (!Number.isInteger(n) || n < 1 || n > 10_000) throw new RegistryInputError(`${what}: expected a whole number from 1 to 10000, got ${n}`);
  return n;
}

/** The most gas one transfer may be signed with: at least a plain transfer's 21,000, at most a 30M-gas block. */
export function checkedGasCeiling(n: number): number {
  if (!Number.isInteger(n) || n < Number(INTRINSIC_GAS) || n > 30_000_000) throw new RegistryInputError(`max gas per transfer: expected a whole number from ${INTRINSIC_GAS} to 30000000, got ${n}`);
  return n;
}

/** A minimum deposit in token units as raw units (a decimal string for the Decimal(78,0) column); "0" means none. */
export function minDepositRaw(units: string, decimals: number, what: string): string {
  const fraction = units.split('.')[1] ?? '';
  if (!/^\d+(\.\d+)?$/.test(units) || fraction.length > decimals) {
    throw new RegistryInputError(`${what}: expected a non-negative decimal with at most ${decimals} decimals, got "${units}"`);
  }
  return parseUnits(units, decimals).toString();
}

/** A feed's heartbeat in seconds: Chainlink's range from seconds to days; null clears it (PRICE_MAX_AGE_SECONDS applies). */
export function checkedHeartbeat(seconds: number | null, what: string): number | null {
  if (seconds === null) return null;
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 30 * 86_400) throw new RegistryInputError(`${what}: expected whole seconds from 1 to 2592000, got ${seconds}`);
  return seconds;
}

/** A feed answer bound in USD (a positive decimal with at most 18 decimals, stored as Decimal(38,18)); null clears it. */
export function checkedBound(value: string | null, what: string): string | null {
  if (value === null) return null;
  if (!/^\d{1,20}(\.\d{1,18})?$/.test(value) || /^[0.]+$/.test(value)) throw new RegistryInputError(`${what}: expected a positive decimal with at most 18 decimals, got "${value}"`);
  return value;
}

/** Refuses a minimum above the maximum (both as they will stand after the change). */
export function checkBoundsOrder(min: Decimal.Value | null, max: Decimal.Value | null, what: string): void {
  if (min === null || max === null) return;
  if (new Decimal(min).gt(max)) throw new RegistryInputError(`${what}: the minimum answer ${min.toString()} is above the maximum ${max.toString()}`);
}
