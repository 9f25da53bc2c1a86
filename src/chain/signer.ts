import { Wallet, type TransactionRequest } from 'ethers';
import { depositWallet, feeWalletAddress } from '../adapters/hd-wallet';
import type { SigningKeys } from '../config/signing-keys';
import { tronDepositKey, tronFeeWalletAddress } from '../adapters/tron-wallet';
import { tronFromEvm } from '../adapters/tron-address';
import { signTronTx, type TronTx } from './tron-tx';

/** A TRON key: its base58 address and a signature over a built transaction's txID. */
export interface TronSigner {
  readonly address: string;
  sign(tx: TronTx): Promise<TronTx>;
}

/**
 * Everything outbound code needs from a key: its address and a signature over a complete transaction (nonce, fees
 * and gas set by the caller). A remote signer (a KMS or a vault) can implement this without the key leaving it.
 */
export interface TxSigner {
  readonly address: string;
  signTransaction(tx: TransactionRequest): Promise<string>;
}

/** The worker's keys: the bankroll and each deposit address (for sweeps). */
export interface Signers {
  bankroll: TxSigner;
  depositAddress(hdIndex: number): TxSigner;
  /** Where sweeps send the service's fee (a public address). */
  feeWalletAddress: string;
  /** TRON: the bankroll's key on TRON (the same key, base58 address), the TRON deposit addresses and fee wallet. */
  tron: { bankroll: TronSigner; depositAddress(hdIndex: number): TronSigner; feeWalletAddress: string };
}

const tronSigner = (privateKey: string): TronSigner => ({
  address: tronFromEvm(new Wallet(privateKey).address),
  sign: async (tx) => signTronTx(tx, privateKey),
});

/** Signers over keys held in this process's memory (the only implementation today). */
export function localSigners(keys: SigningKeys): Signers {
  return {
    bankroll: new Wallet(keys.BANKROLL_PRIVATE_KEY),
    depositAddress: (i) => depositWallet(keys.HD_MNEMONIC, i),
    feeWalletAddress: feeWalletAddress(keys.HD_MNEMONIC),
    tron: {
      bankroll: tronSigner(keys.BANKROLL_PRIVATE_KEY),
      depositAddress: (i) => tronSigner(tronDepositKey(keys.HD_MNEMONIC, i)),
      feeWalletAddress: tronFeeWalletAddress(keys.HD_MNEMONIC),
    },
  };
}
