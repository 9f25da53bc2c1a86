import type { TronNode, TronTx } from '../adapters/tron-node';
import { ERC20 } from './erc20';
import { evmFromTron, tronHex } from '../adapters/tron-address';

/**
 * TRON's resources, paid the way a wallet with no staked TRX pays them: energy burned at the chain's energy price
 * (getEnergyFee, sun per unit) up to a transaction's fee_limit, and bandwidth (its bytes) burned at getTransactionFee
 * once the account's free daily bandwidth is used up. Estimates carry a margin; a fee_limit is only a ceiling.
 */
export interface TronPrices {
  energySun: bigint;
  bandwidthSun: bigint;
}

/** Bytes we budget per transaction for bandwidth: a signed TRC-20 transfer is about 345, a TRX transfer about 270. */
export const TX_BYTES_BUDGET = 400n;
/** Never sign a fee_limit above this (100 TRX), whatever the estimate says. */
export const MAX_FEE_LIMIT_SUN = 100_000_000n;
/** TRON's account-activation fee (1 TRX): a TRX transfer to an address that is not activated yet burns it. */
export const ACTIVATION_SUN = 1_000_000n;
/** A signed TRON transaction names a recent block and expires; past this it can never be included. */
export const TRON_TX_LIFETIME_MS = 10 * 60_000;

export async function tronPrices(node: TronNode): Promise<TronPrices> {
  const p = await node.chainParameters();
  if (!p.getEnergyFee || !p.getTransactionFee) throw new Error('the TRON node did not report energy and bandwidth prices');
  return { energySun: BigInt(p.getEnergyFee), bandwidthSun: BigInt(p.getTransactionFee) };
}

/** The energy a TRC-20 transfer from `from` would use now (a dry run on the node), with a 20% margin. */
export async function transferEnergy(node: TronNode, token: string, from: string, to: string, raw: bigint): Promise<bigint> {
  const data = ERC20.encodeFunctionData('transfer', [evmFromTron(to), raw]).slice(2);
  const { energy } = await node.constant(tronHex(token), data, tronHex(from));
  return (BigInt(energy) * 12n) / 10n;
}

/** The fee_limit of a transfer needing `energy`, capped. */
export function feeLimitSun(energy: bigint, prices: TronPrices): bigint {
  const limit = energy * prices.energySun;
  return limit < MAX_FEE_LIMIT_SUN ? limit : MAX_FEE_LIMIT_SUN;
}

/** The most one transaction can burn: its fee_limit plus its bandwidth when the free allowance is used up. */
export const worstCaseSun = (feeLimit: bigint, prices: TronPrices) => feeLimit + TX_BYTES_BUDGET * prices.bandwidthSun;

/**
 * The most TRX a signed transaction can take from its sender: its fee_limit (a contract call; none on a TRX transfer),
 * its bandwidth, and the TRX it sends (a TransferContract's amount).
 */
export function spendCeilingSun(tx: TronTx, prices: TronPrices): bigint {
  const contract = tx.raw_data.contract[0];
  const value = contract?.type === 'TransferContract' ? BigInt(String(contract.parameter.value.amount ?? 0)) : 0n;
  return worstCaseSun(BigInt(String(tx.raw_data.fee_limit ?? 0)), prices) + value;
}
