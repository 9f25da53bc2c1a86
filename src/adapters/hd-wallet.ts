import { HDNodeWallet, Mnemonic, type Provider } from 'ethers';

/** BIP-44 Ethereum path; one index per (operator, user), so a user has one address on every EVM chain. */
export const depositPath = (index: number) => `m/44'/60'/0'/0/${index}`;

/** The wallet that controls deposit address `index` (for sweeps). Never log it. */
export function depositWallet(mnemonic: string, index: number, provider?: Provider): HDNodeWallet {
  const wallet = HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(mnemonic), depositPath(index));
  return provider ? wallet.connect(provider) : wallet;
}

/** The EIP-55 address of deposit index `index`. */
export function depositAddress(mnemonic: string, index: number): string {
  return depositWallet(mnemonic, index).address;
}

/** The service's fee wallet: a reserved account of the same seed, outside the deposit range (account 1). */
export function feeWalletAddress(mnemonic: string): string {
  return HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(mnemonic), "m/44'/60'/1'/0/0").address;
}
