import { concat, dataSlice, decodeBase58, encodeBase58, getAddress, getBytes, sha256, toBeHex } from 'ethers';

/**
 * TRON addresses are the 20 bytes of an Ethereum address (keccak-256 of the public key) behind a 0x41 byte, shown
 * in base58check ("T..."); nodes speak the hex form ("41..."). One secp256k1 key has both.
 *
 * Base58check is ethers' base58 and sha256: tronweb's own helpers cost about half a CPU-second of loading in every
 * process that touches an address (each provisioning CLI command), for three lines of encoding. tron.test.ts holds
 * them to published addresses and to tronweb's answers.
 */
const PREFIX = '41';
/** 0x41, 20 bytes, a 4-byte checksum. */
const ADDRESS_BYTES = 25;

const checksum = (payload: string) => dataSlice(sha256(sha256(payload)), 0, 4);

/** Base58check of a node's hex form ("41" + 20 bytes). */
function encode(hex41: string): string {
  const payload = '0x' + hex41;
  return encodeBase58(concat([payload, checksum(payload)]));
}

/** The node's hex form ("41" + 20 bytes, lower case) of a base58check TRON address, or null when it is not one. */
function decode(value: string): string | null {
  if (typeof value !== 'string' || value.length !== 34) return null;
  let bytes: Uint8Array;
  try {
    bytes = getBytes(toBeHex(decodeBase58(value), ADDRESS_BYTES));
  } catch {
    return null;
  }
  // toBeHex gave exactly ADDRESS_BYTES (or threw).
  if (bytes[0] !== 0x41) return null;
  const payload = dataSlice(bytes, 0, 21);
  return dataSlice(bytes, 21) === checksum(payload) ? payload.slice(2) : null;
}

/** Base58check TRON address of an Ethereum-form (0x) address: the same key on TRON. */
export function tronFromEvm(evmAddress: string): string {
  return encode(PREFIX + getAddress(evmAddress).slice(2).toLowerCase());
}

/** True for a well-formed base58check TRON address (0x41 prefix, valid checksum). */
export function isTronAddress(value: string): boolean {
  return decode(value) !== null;
}

/** The node's hex form ("41" + 20 bytes) of a base58 TRON address. */
export function tronHex(tronAddress: string): string {
  const hex = decode(tronAddress);
  if (hex === null) throw new Error('not a TRON address');
  return hex;
}

/** Base58 form of a node's hex address ("41..." or the 20 bytes alone, as event logs carry them). */
export function tronFromHex(hex: string): string {
  const h = hex.replace(/^0x/, '').toLowerCase();
  const full = h.length === 40 ? PREFIX + h : h;
  if (!/^41[0-9a-f]{40}$/.test(full)) throw new Error('not a TRON hex address');
  return encode(full);
}

/** The 0x form of a TRON address's 20 bytes, for ABI encoding (a TRC-20 call takes an EVM-style address). */
export function evmFromTron(tronAddress: string): string {
  return getAddress('0x' + tronHex(tronAddress).slice(2));
}
