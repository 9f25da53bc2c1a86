import type { Withdrawal } from '../generated/prisma/client';
import { claimSettlement, recordSettled, type AdminNote } from '../store/settlement';
import { quoteExpired } from '../domain/withdraw-amounts';
import { requireWithdrawalWithReservation, type WithdrawalWithReservation } from '../store/withdrawal-reads';
import { payoutReservations, type ApprovalOutcome } from './approval';
import { gasRefusalOf } from './gas-refusal';
import { payoutSigner } from './payout-signer';
import type { PayoutActivityDeps } from './payouts';
import { refusal } from './refusal';
import { heldRefusal, payoutQuotes, type Payable, type RequoteDeps } from './requote';

/** `cancelled`: the withdrawal was cancelled with its session (claimSettlement); nothing was signed. */
export type SettlementOutcome = { approved: true; txHash: string } | Extract<ApprovalOutcome, { approved: false }> | { approved: false; cancelled: true };

const cancelledWithSession = () => refusal('SESSION_NOT_OPEN', 'The withdrawal was cancelled with its session; nothing is paid');

/**
 * A widget withdrawal's settlement as one activity: approval (Mode B), signing, and recording it settled. One activity
 * task instead of three saves the worker and the server two round trips each, and the withdrawal is read once. Each
 * step is idempotent on its own (the reservation, the stored payout, the status guard), so a retry of the whole
 * picks up where the last attempt stopped.
 */
export function createSettlementActivities(d: RequoteDeps & PayoutActivityDeps) {
  const { approve } = payoutReservations(d);
  const sign = payoutSigner(d);
  const { payable } = payoutQuotes(d);

  /** Null when the withdrawal was cancelled with its session: nothing signed. */
  async function settle(w: Withdrawal, note?: AdminNote): Promise<string | null> {
    if (!(await claimSettlement(d.db, w.id))) return null;
    const txHash = await sign(w);
    await recordSettled(d.db, w.id, txHash, note);
    return txHash;
  }

  const load = (id: string) => requireWithdrawalWithReservation(d.db, id);

  /**
   * The quote once more right before signing: an approval can wait on its owner's section (and its reads) past the
   * TTL, and a quote expired by then is priced again (from the row as the approval left it, its reservation resized)
   * rather than signed at the old price. In memory while the quote holds.
   */
  async function stillPayable(w: WithdrawalWithReservation): Promise<Payable> {
    if (!quoteExpired(w.quotedAt, new Date(), d.config.WITHDRAW_QUOTE_TTL_SECONDS)) return { ok: true, w };
    return payable(await load(w.id));
  }

  return {
    /**
     * A reserved payout (Mode A's admin COMPLETED): re-priced if its quote expired (payoutQuotes; refused with the reason
     * when it cannot be), signed, and the withdrawal (and its session) settled; answers the payout's hash. A payout its
     * gas estimate holds is refused to the admin with the reason (it stays PROCESSING, reserved, for a later COMPLETED).
     */
    async settleWithdrawal(id: string, note?: AdminNote): Promise<string> {
      const q = await payable(await load(id));
      if (!q.ok) throw heldRefusal(q.heldReason);
      try {
        const txHash = await settle(q.w, note);
        if (txHash === null) throw cancelledWithSession();
        return txHash;
      } catch (err) {
        const gas = gasRefusalOf(err);
        throw gas ? refusal(gas, `The payout cannot be signed now (${gas}); it stays PROCESSING`) : err;
      }
    },

    /**
     * Mode B APPROVE: re-priced first if its quote expired (and again if it expired while the approval waited), then
     * settled when approval holds (or held before), otherwise held with the reason and nothing signed; a payout its
     * gas estimate holds is held likewise (its reservation kept), and re-tried with the held approvals.
     */
    async approveAndSettle(id: string): Promise<SettlementOutcome> {
      const q = await payable(await load(id));
      if (!q.ok) return { approved: false, heldReason: q.heldReason };
      const outcome = await approve(q.w);
      if (!outcome.approved) return outcome;
      const ready = await stillPayable(q.w);
      if (!ready.ok) return { approved: false, heldReason: ready.heldReason };
      try {
        const txHash = await settle(ready.w);
        return txHash === null ? { approved: false, cancelled: true } : { approved: true, txHash };
      } catch (err) {
        const gas = gasRefusalOf(err);
        if (!gas) throw err;
        return { approved: false, heldReason: gas };
      }
    },
  };
}

export type SettlementActivities = ReturnType<typeof createSettlementActivities>;
