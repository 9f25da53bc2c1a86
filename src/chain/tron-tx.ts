import { utils } from 'tronweb';
import { sha256 } from 'ethers';
import { ERC20 } from './erc20';
import { evmFromTron, tronFromHex, tronHex } from '../adapters/tron-address';
import type { TronTx } from '../adapters/tron-node';

export type { TronTx };

/** The recent block a transaction names (TAPOS): the node refuses it if that block is not on its chain. */
export interface RefBlock {
  ref_block_bytes: string;
  ref_block_hash: string;
  /** Milliseconds; after this the transaction can never be included (TRON allows at most 24 h past the block). */
  expiration: number;
  timestamp: number;
}

/** TAPOS fields from a block as /wallet/getnowblock returns it: bytes 6-8 of its number, bytes 8-16 of its id. */
export function refBlockOf(block: { blockID: string; block_header: { raw_data: { number: number; timestamp: number } } }, lifetimeMs: number): RefBlock {
  const { number, timestamp } = block.block_header.raw_data;
  return {
    ref_block_bytes: number.toString(16).padStart(16, '0').slice(12, 16),
    ref_block_hash: block.blockID.slice(16, 32),
    expiration: timestamp + lifetimeMs,
    timestamp,
  };
}

/** Builds the transaction with tronweb's own protobuf encoding: txID = sha256(raw_data_hex). No network. */
function build(type: string, value: Record<string, unknown>, ref: RefBlock, extra: Record<string, unknown> = {}): TronTx {
  const tx = {
    visible: false as const,
    txID: '',
    raw_data_hex: '',
    raw_data: { contract: [{ parameter: { value, type_url: `type.googleapis.com/protocol.${type}` }, type }], ...ref, ...extra },
  };
  const pb = utils.transaction.txJsonToPb(tx);
  tx.txID = utils.transaction.txPbToTxID(pb).replace(/^0x/, '');
  tx.raw_data_hex = utils.transaction.txPbToRawDataHex(pb).toLowerCase();
  return tx;
}

/** A TRC-20 transfer(to, raw) from `from`, burning at most `feeLimitSun` TRX (in sun) for the energy it lacks. */
export function trc20TransferTx(r: { from: string; token: string; to: string; raw: bigint; feeLimitSun: bigint }, ref: RefBlock): TronTx {
  const data = ERC20.encodeFunctionData('transfer', [evmFromTron(r.to), r.raw]).slice(2);
  return build('TriggerSmartContract', { data, owner_address: tronHex(r.from), contract_address: tronHex(r.token) }, ref, { fee_limit: Number(r.feeLimitSun) });
}

/** A plain TRX transfer of `sun` (1 TRX = 10^6 sun). */
export function trxTransferTx(r: { from: string; to: string; sun: bigint }, ref: RefBlock): TronTx {
  return build('TransferContract', { owner_address: tronHex(r.from), to_address: tronHex(r.to), amount: Number(r.sun) }, ref);
}

/** Signs the txID (secp256k1, v = 27/28 appended) with a 0x-hex private key. */
export function signTronTx(tx: TronTx, privateKey: string): TronTx {
  const copy = JSON.parse(JSON.stringify(tx)) as TronTx;
  delete copy.signature;
  utils.crypto.signTransaction(privateKey.replace(/^0x/, ''), copy);
  return copy;
}

/** True when the txID is the sha256 of the raw bytes, so the id names exactly what was signed. */
export function txIdMatches(tx: Pick<TronTx, 'txID' | 'raw_data_hex'>): boolean {
  return sha256('0x' + tx.raw_data_hex).slice(2) === tx.txID.toLowerCase();
}

/** The base58 address whose key made the transaction's first signature (over its txID). */
export function tronSignerOf(tx: Pick<TronTx, 'txID' | 'signature'>): string {
  const sig = tx.signature?.[0];
  if (!sig) throw new Error('transaction is not signed');
  return tronFromHex(utils.crypto.ecRecover(tx.txID, sig));
}
