import { ApplicationFailure } from '@temporalio/activity';
import { paysAnyTransaction, type GasVerdict } from '../domain/gas';
import { broadcastInNonceOrder } from '../chain/broadcast-order';
import { broadcastStored, settleOutbound } from '../chain/outbound';
import { storedOutbound } from '../store/outbound-txs';
import { assetRefusal, requirePayoutReadiness, type PayoutReadiness } from '../store/headless-assets';
import { requirePayoutToConfirm } from '../store/withdrawal-reads';
import { feePolicy } from '../chain/fee-policy';
import { sharedInFlight } from '../adapters/in-flight';
import { HEADLESS_MOVES, isHeadlessSource } from '../domain/headless-machine';
import { withdrawCompleteBody } from '../domain/withdrawal-events';
import { consumeReservation } from '../store/liquidity';
import { chainCeiling, holdForGas, payoutGas } from './payout-gas';
import { recordWebhookEvent } from '../store/outbox';
import { NOT_CONFIRMED, PAYOUT_NOT_MINED, PAYOUT_REVERTED } from '../domain/failure-types';
import { payoutPurpose, payoutTargetOfArg, withdrawCompleteKey } from '../domain/keys';
import { follow, waiting } from './waiting';
import { treasuryConfirmation } from './treasury-sends';
import { tronPayouts } from './tron-payouts';
import { payoutSigner } from './payout-signer';
import type { OutboundTx, Withdrawal } from '../generated/prisma/client';
import type { SigningOutboxWriterDeps } from './deps';

export type PayoutActivityDeps = SigningOutboxWriterDeps;

/** What a headless attempt finds before it may sign (headlessReadiness). */
export type HeadlessReadiness = 'READY' | 'ASSET_UNSUPPORTED' | 'NO_GAS';

/**
 * The payout path shared by every mode: sign once (nonce, bytes and hash stored before broadcast), broadcast (a retry
 * re-sends the same bytes), wait for the chain's withdrawConfirmations, then WITHDRAW_COMPLETE at most once.
 */
export function createPayoutActivities(d: PayoutActivityDeps) {
  const provider = (chainId: number) => d.chains.require(chainId);
  const load = (id: string) => d.db.withdrawal.findUniqueOrThrow({ where: { id } });
  const policy = feePolicy(d.config);
  const tron = tronPayouts(d);
  const signPayoutOf = payoutSigner(d);
  const confirmTreasurySend = treasuryConfirmation(d);
  // Shared by the checks of one chain in flight at once (in-flight.ts): a burst of executes asks it once per intent.
  const gasMoney = sharedInFlight(String, async (chainId: number) => {
    const p = provider(chainId);
    const [balance, fees] = await Promise.all([p.getBalance(d.config.BANKROLL_ADDRESS), p.getFeeData()]);
    return { balance, maxFeePerGas: fees.maxFeePerGas ?? 0n };
  });

  /**
   * True when the bankroll holds enough native gas for the withdrawal's payout at the node's estimate. An estimate
   * that fails or passes the chain's ceiling is false too, with the reason on the withdrawal: the payout waits
   * (WAITING_FOR_GAS, re-checked on its timer) instead of being signed to revert. Runs that pass no withdrawal
   * (begun before the estimate) are checked for a transfer at the chain's ceiling.
   */
  async function bankrollHasGas(chainId: number, withdrawalId?: string): Promise<boolean> {
    const node = d.chains.tron(chainId);
    if (node) return tron.bankrollHasGas(node);
    const w = withdrawalId ? await load(withdrawalId) : null;
    return evmGasCovers(chainId, () => (w ? payoutGas(d, w) : chainCeiling(d, chainId)), w);
  }

  /**
   * Whether the bankroll's native balance pays the gas verdict at the node's fee; a refused verdict holds `w`. A
   * balance that pays no transaction at all (under the intrinsic gas) is no gas without asking the node to estimate:
   * a burst of executes while the bankroll is out of gas costs one shared balance read, not an estimate each.
   */
  async function evmGasCovers(chainId: number, verdict: () => Promise<GasVerdict>, w: Withdrawal | null): Promise<boolean> {
    const { balance, maxFeePerGas } = await gasMoney(chainId);
    if (!paysAnyTransaction(balance, maxFeePerGas)) return false;
    const gas = await verdict();
    if (!gas.ok) {
      await holdForGas(d, w!, gas.reason);
      return false;
    }
    return balance >= gas.gasLimit * maxFeePerGas;
  }

  return {
    bankrollHasGas,

    /**
     * A headless attempt's checks before signing, in the order they were two activities: the intent's chain and token
     * still supported, then gas for its payout (as bankrollHasGas), from one read of the withdrawal. One task instead
     * of two for every attempt. `queued`: the row as the execute that queued it answered it (never from a workflow), read
     * here when absent.
     */
    async headlessReadiness(chainId: number, withdrawalId: string, queued?: PayoutReadiness): Promise<HeadlessReadiness> {
      const w = queued ?? (await requirePayoutReadiness(d.db, withdrawalId));
      if (assetRefusal(w, d.chains) !== null) return 'ASSET_UNSUPPORTED';
      // Supported means an active EVM chain with its row, so its gas ceiling was read with the withdrawal.
      return (await evmGasCovers(chainId, () => payoutGas(d, w, w.maxGasPerTransfer!), w)) ? 'READY' : 'NO_GAS';
    },

    /** Signs the payout once and records its hash on the withdrawal; headless moves to RECONCILING here. */
    async signPayout(withdrawalId: string): Promise<string> {
      const w = await load(withdrawalId);
      const txHash = await signPayoutOf(w);
      await d.db.withdrawal.update({
        where: { id: w.id },
        data: {
        settlementTxHash: txHash,
        ...(w.mode === 'C' && isHeadlessSource('sign', w.status) ? { status: HEADLESS_MOVES.sign.to, held: false, heldReason: null, reasonCode: null } : {}),
      },
      });
      return txHash;
    },

    /** Broadcasts the stored payout bytes (again, after a crash: same hash). Runs begun before confirmPayout only. */
    async broadcastPayout(withdrawalId: string): Promise<void> {
      await broadcast(await requireStored(payoutPurpose(withdrawalId)));
    },

    /** One poll of a sent payout (runs begun before confirmPayout only): see confirmations. */
    async awaitPayoutConfirmations(withdrawalId: string): Promise<void> {
      await confirmations(withdrawalId);
    },

    /** One step of a payout (see the function), retried by the server every poll: runs begun before followPayout. */
    confirmPayout,

    /** confirmPayout's polls inside one attempt (see follow). */
    async followPayout(payout: string, pollMs: number): Promise<void> {
      await follow(() => confirmPayout(payout), pollMs, 'sending');
    },

    /** Marks the payout complete (runs begun before confirmPayout only): see complete. */
    async completePayout(withdrawalId: string): Promise<void> {
      await complete(withdrawalId);
    },
  };

  /**
   * A signed payout to its end, one step: the first call sends it (nothing more: it cannot be mined yet), each later
   * one polls it (confirmations), and the one that finds it confirmed completes it; until then it throws a `waiting`
   * failure. `payout` is a withdrawal's id, or a treasury send's purpose (keys.ts confirmPayoutArg): what completing
   * means depends on it.
   */
  async function confirmPayout(payout: string): Promise<void> {
    const target = payoutTargetOfArg(payout);
    const purpose = target.kind === 'withdrawal' ? payoutPurpose(target.withdrawalId) : payout;
    const stored = await requireStored(purpose);
    if (stored.status === 'SIGNED' && (await sendFirst(stored))) throw waiting(NOT_CONFIRMED, `payout ${stored.txHash} sent`);
    if (target.kind === 'treasury') return confirmTreasurySend(target.transferId);
    await confirmations(target.withdrawalId);
    await complete(target.withdrawalId);
  }

  async function requireStored(purpose: string): Promise<OutboundTx> {
    const stored = await storedOutbound(d.db, purpose);
    if (!stored) throw new Error(`${purpose} was never signed`);
    return stored;
  }

  async function broadcast(stored: OutboundTx): Promise<void> {
    const node = d.chains.tron(stored.chainId);
    if (node) return tron.broadcast(node, stored);
    // Never sent: with the sender's earlier unsent ones, in nonce order. Sent before (a retry): the same bytes again.
    if (stored.status === 'SIGNED') await broadcastInNonceOrder(d.db, provider(stored.chainId), stored);
    else await broadcastStored(d.db, provider(stored.chainId), stored);
  }

  /**
   * The first send of a payout; false when an EVM node refused it, so the caller polls instead: only the poll tells a
   * nonce taken elsewhere (never minable) from one to send again. TRON's send is not treated so: its refusal includes
   * the wait for TRX (or a failed read of it), and the poll re-sends without that check.
   */
  async function sendFirst(stored: OutboundTx): Promise<boolean> {
    const sent = broadcast(stored).then(() => true);
    return d.chains.tron(stored.chainId) ? sent : sent.catch(() => false);
  }

  /**
   * Waits for withdrawConfirmations of whichever candidate is mined; meanwhile re-broadcasts, or replaces a payout
   * the chain's fees have passed by. The withdrawal's hash follows the candidate that won.
   */
  async function confirmations(withdrawalId: string): Promise<void> {
    const w = await requirePayoutToConfirm(d.db, withdrawalId);
    const node = d.chains.tron(w.chainId);
    if (node) return tron.awaitConfirmations(node, w, w.withdrawConfirmations);
    const p = provider(w.chainId);
    const bankroll = d.signers.bankroll;
    const s = await settleOutbound(d.db, p, payoutPurpose(w.id), bankroll, w.withdrawConfirmations, policy);
    if (s.txHash !== w.settlementTxHash) await d.db.withdrawal.update({ where: { id: w.id }, data: { settlementTxHash: s.txHash } });
    if (s.state === 'CONFIRMED') return;
    if (s.state === 'REVERTED') throw ApplicationFailure.nonRetryable(`payout ${s.txHash} reverted`, PAYOUT_REVERTED);
    if (s.state !== 'PENDING') throw ApplicationFailure.nonRetryable(`payout ${s.txHash} can never be mined (${s.state})`, PAYOUT_NOT_MINED);
    if (s.stuck) d.logger.warn('payout stuck', { withdrawalId, txHash: s.txHash });
    throw waiting(NOT_CONFIRMED, `payout ${s.txHash}: ${s.confirmations}/${w.withdrawConfirmations} confirmations`);
  }

  /** Marks the payout complete, consumes its reservation and writes WITHDRAW_COMPLETE, all in one transaction. */
  async function complete(withdrawalId: string): Promise<void> {
    const completedAt = new Date();
    const event = await d.db.$transaction(async (tx) => {
      const w = await tx.withdrawal.findUniqueOrThrow({ where: { id: withdrawalId } });
      const already = await tx.webhookEvent.findUnique({ where: { uniqueKey: withdrawCompleteKey(w.id) } });
      if (already) return null;
      const done = await tx.withdrawal.update({
        where: { id: w.id },
        data: { status: 'COMPLETED', completedAt: w.completedAt ?? completedAt },
      });
      // Also counts the consumption for the token (liquidity.ts: liquidityVerdict relies on it), in this transaction.
      await consumeReservation(tx, w.id, completedAt);
      // CONTRACT §6: a withdraw session is COMPLETED once its withdrawal completes.
      if (w.sessionId) await tx.session.updateMany({ where: { id: w.sessionId, status: 'OPEN' }, data: { status: 'COMPLETED' } });
      return recordWebhookEvent(tx, d.config.SECRETS_KEY, {
        operatorId: w.operatorId,
        event: 'WITHDRAW_COMPLETE',
        body: withdrawCompleteBody(done, done.completedAt!),
        uniqueKey: withdrawCompleteKey(w.id),
      });
    });
    if (event) await d.workflows.dispatchWebhook(event);
    d.logger.info('payout complete', { withdrawalId, eventId: event?.id });
  }
}

export type PayoutActivities = ReturnType<typeof createPayoutActivities>;
