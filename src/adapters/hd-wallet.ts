import { HDNodeWallet, Mnemonic, Wallet } from 'ethers';
import { tronDepositXpub } from './tron-wallet';

/** BIP-44 Ethereum path; one index per (operator, user), so a user has one address on every EVM chain. */
export const DEPOSIT_ACCOUNT_PATH = "m/44'/60'/0'/0";
export const depositPath = (index: number) => `${DEPOSIT_ACCOUNT_PATH}/${index}`;

/** The wallet that controls deposit address `index` (for sweeps; worker only). Never log it. */
export function depositWallet(mnemonic: string, index: number): HDNodeWallet {
  return HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(mnemonic), depositPath(index));
}

/** The EIP-55 address of deposit index `index`, from the public extended key alone (no secret needed). */
export function depositAddress(depositXpub: string, index: number): string {
  return HDNodeWallet.fromExtendedKey(depositXpub).deriveChild(index).address;
}

/** The service's fee wallet: a reserved account of the same seed, outside the deposit range (account 1). */
export function feeWalletAddress(mnemonic: string): string {
  return HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(mnemonic), "m/44'/60'/1'/0/0").address;
}

/** The public half of the signing keys, which the API and the CLI get instead of the keys. */
export function publicKeysOf(keys: { HD_MNEMONIC: string; BANKROLL_PRIVATE_KEY: string }): { BANKROLL_ADDRESS: string; DEPOSIT_XPUB: string; TRON_DEPOSIT_XPUB: string } {
  return {
    TRON_DEPOSIT_XPUB: tronDepositXpub(keys.HD_MNEMONIC),
    BANKROLL_ADDRESS: new Wallet(keys.BANKROLL_PRIVATE_KEY).address,
    DEPOSIT_XPUB: HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(keys.HD_MNEMONIC), DEPOSIT_ACCOUNT_PATH).neuter().extendedKey,
  };
}
