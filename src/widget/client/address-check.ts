import { getAddress } from 'ethers/address';
import type { Catalog } from '../i18n/en';

/**
 * The page's check of a destination (the server checks again): 0x and 40 hex digits, a valid EIP-55 checksum when
 * the letters are mixed case, and never the zero address. Returns the message key of the problem, or null.
 */
export function addressProblem(input: string, chainType: 'EVM' | 'TRON' = 'EVM'): keyof Catalog | null {
  const value = input.trim();
  // TRON: base58 with the T prefix; its checksum is left to the server, which refuses a wrong one.
  if (chainType === 'TRON') return /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(value) ? null : 'addressInvalid';
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) return 'addressInvalid';
  if (/^0x0{40}$/.test(value)) return 'addressZero';
  try {
    getAddress(value);
  } catch {
    return 'addressChecksum';
  }
  return null;
}
