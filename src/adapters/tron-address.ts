import { utils } from 'tronweb';
import { getAddress } from 'ethers';

/**
 * TRON addresses are the 20 bytes of an Ethereum address (keccak-256 of the public key) behind a 0x41 byte, shown
 * in base58check ("T..."); nodes speak the hex form ("41..."). One secp256k1 key has both.
 */
const PREFIX = '41';

/** Base58check TRON address of an Ethereum-form (0x) address: the same key on TRON. */
export function tronFromEvm(evmAddress: string): string {
  return utils.address.fromHex(PREFIX + getAddress(evmAddress).slice(2).toLowerCase());
}

/** True for a well-formed base58check TRON address (0x41 prefix, valid checksum). */
export function isTronAddress(value: string): boolean {
  return utils.crypto.isAddressValid(value);
}

/** The node's hex form ("41" + 20 bytes) of a base58 TRON address. */
export function tronHex(tronAddress: string): string {
  if (!isTronAddress(tronAddress)) throw new Error('not a TRON address');
  return utils.address.toHex(tronAddress).toLowerCase();
}

/** Base58 form of a node's hex address ("41..." or the 20 bytes alone, as event logs carry them). */
export function tronFromHex(hex: string): string {
  const h = hex.replace(/^0x/, '').toLowerCase();
  return utils.address.fromHex(h.length === 40 ? PREFIX + h : h);
}

/** The 0x form of a TRON address's 20 bytes, for ABI encoding (a TRC-20 call takes an EVM-style address). */
export function evmFromTron(tronAddress: string): string {
  return getAddress('0x' + tronHex(tronAddress).slice(2));
}
