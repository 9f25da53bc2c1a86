import { HDNodeWallet, Mnemonic } from 'ethers';
import { tronFromEvm } from './tron-address';

/**
 * TRON's BIP-44 coin type is 195: deposit address i is m/44'/195'/0'/0/i of the same seed as the EVM addresses, so
 * one seed backs both, yet a TRON deposit address is a key of its own (not the EVM address in TRON form).
 */
export const TRON_DEPOSIT_ACCOUNT_PATH = "m/44'/195'/0'/0";
export const tronDepositPath = (index: number) => `${TRON_DEPOSIT_ACCOUNT_PATH}/${index}`;

const fromSeed = (mnemonic: string, path: string) => HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(mnemonic), path);

/** The neutered extended key of m/44'/195'/0'/0 (TRON_DEPOSIT_XPUB): the API derives TRON deposit addresses from it. */
export function tronDepositXpub(mnemonic: string): string {
  return fromSeed(mnemonic, TRON_DEPOSIT_ACCOUNT_PATH).neuter().extendedKey;
}

/** The base58 TRON deposit address i, from the public extended key alone. */
export function tronDepositAddress(tronXpub: string, index: number): string {
  return tronFromEvm(HDNodeWallet.fromExtendedKey(tronXpub).deriveChild(index).address);
}

/** The key of TRON deposit address i (sweeps; worker only). Never log it. */
export function tronDepositKey(mnemonic: string, index: number): string {
  return fromSeed(mnemonic, tronDepositPath(index)).privateKey;
}

/** The service's TRON fee wallet: account 1 of TRON's path, outside the deposit range (as on EVM). */
export function tronFeeWalletAddress(mnemonic: string): string {
  return tronFromEvm(fromSeed(mnemonic, "m/44'/195'/1'/0/0").address);
}
