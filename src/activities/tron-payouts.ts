import { ApplicationFailure } from '@temporalio/activity';
import type { TronNode } from '../adapters/tron-node';
import { tronFromEvm, tronHex } from '../adapters/tron-address';
import { feeLimitSun, spendCeilingSun, transferEnergy, tronPrices, worstCaseSun } from '../chain/tron-fees';
import { broadcastStoredTron, settleTron, signOnceTron } from '../chain/tron-outbound';
import { trc20TransferTx, type TronTx } from '../chain/tron-tx';
import { BANKROLL_NEEDS_TRX, NOT_CONFIRMED, PAYOUT_NOT_MINED, PAYOUT_REVERTED } from '../domain/failure-types';
import { payoutPurpose } from '../domain/keys';
import type { OutboundTx, Withdrawal } from '../generated/prisma/client';
import { waiting } from './waiting';
import type { SigningOutboxWriterDeps } from './deps';

/**
 * The payout steps on TRON, with the EVM steps' contract: signed once by the bankroll's key (its TRON address),
 * broadcast (a retry re-sends the same bytes), final after the chain's withdrawConfirmations. The bankroll pays the
 * transfer's energy and bandwidth by burning TRX up to the fee_limit it signs.
 */
export function tronPayouts(d: SigningOutboxWriterDeps) {
  const bankroll = () => d.signers.tron.bankroll;

  /** The fee_limit of a payout now, from a dry run of the transfer from the bankroll. */
  async function payoutFeeLimit(node: TronNode, w: Pick<Withdrawal, 'tokenAddress' | 'address' | 'cryptoAmountRaw'>): Promise<bigint> {
    const prices = await tronPrices(node);
    const from = tronFromEvm(d.config.BANKROLL_ADDRESS);
    return feeLimitSun(await transferEnergy(node, w.tokenAddress, from, w.address, BigInt(w.cryptoAmountRaw?.toFixed(0) ?? '1')), prices);
  }

  return {
    /** True when the bankroll's TRX covers one TRC-20 payout to a fresh holder (about 65,000 energy on mainnet USDT). */
    async bankrollHasGas(node: TronNode): Promise<boolean> {
      const prices = await tronPrices(node);
      const balance = await node.trxBalance(tronHex(tronFromEvm(d.config.BANKROLL_ADDRESS)));
      return balance !== null && balance >= worstCaseSun(feeLimitSun(65_000n, prices), prices);
    },

    async sign(node: TronNode, w: Withdrawal): Promise<string> {
      const existing = await d.db.outboundTx.findUnique({ where: { purpose: payoutPurpose(w.id) } });
      if (existing) return existing.txHash;
      const feeLimit = await payoutFeeLimit(node, w);
      const signer = bankroll();
      const stored = await signOnceTron(d.db, node, {
        chainId: w.chainId, purpose: payoutPurpose(w.id), signer,
        build: (ref) => trc20TransferTx({ from: signer.address, token: w.tokenAddress, to: w.address, raw: BigInt(w.cryptoAmountRaw!.toFixed(0)), feeLimitSun: feeLimit }, ref),
      });
      return stored.txHash;
    },

    /**
     * Broadcasts the stored payout (or treasury send), but only while the bankroll's TRX covers its fee_limit, bandwidth
     * and any TRX it sends: a TRC-20 transfer without the TRX for its energy is still mined, as OUT_OF_ENERGY, burning
     * TRX and paying nothing. So it waits (the activity's retries) until TRX is topped up, as an EVM payout waits for gas.
     */
    async broadcast(node: TronNode, stored: OutboundTx): Promise<void> {
      if (stored.status === 'SIGNED') {
        const [prices, balance] = await Promise.all([tronPrices(node), node.trxBalance(tronHex(stored.fromAddress))]);
        if (balance === null || balance < spendCeilingSun(JSON.parse(stored.rawTx) as TronTx, prices)) {
          throw waiting(BANKROLL_NEEDS_TRX, `bankroll TRX below payout ${stored.txHash}'s fee limit: waiting for TRX`);
        }
      }
      await broadcastStoredTron(d.db, node, stored);
    },

    async awaitConfirmations(node: TronNode, w: Withdrawal, required: number): Promise<void> {
      const s = await settleTron(d.db, node, payoutPurpose(w.id), required);
      if (s.state === 'CONFIRMED') return;
      if (s.state === 'REVERTED') throw ApplicationFailure.nonRetryable(`payout ${s.txHash} failed on chain`, PAYOUT_REVERTED);
      if (s.state !== 'PENDING') throw ApplicationFailure.nonRetryable(`payout ${s.txHash} can never be included (${s.state})`, PAYOUT_NOT_MINED);
      throw waiting(NOT_CONFIRMED, `payout ${s.txHash}: ${s.confirmations}/${required} confirmations`);
    },
  };
}
