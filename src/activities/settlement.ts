import type { Withdrawal } from '../generated/prisma/client';
import { recordSettled, type AdminNote } from '../store/settlement';
import { requireWithdrawalWithReservation } from '../store/withdrawal-reads';
import { payoutReservations, type ApprovalDeps, type ApprovalOutcome } from './approval';
import { gasRefusalOf } from './gas-refusal';
import { payoutSigner, type PayoutActivityDeps } from './payouts';
import { refusal } from './refusal';

export type SettlementOutcome = { approved: true; txHash: string } | Extract<ApprovalOutcome, { approved: false }>;

/**
 * A widget withdrawal's settlement as one activity: approval (Mode B), signing, and recording it settled. One activity
 * task instead of three saves the worker and the server two round trips each, and the withdrawal is read once. Each
 * step is idempotent on its own (the reservation, the stored payout, the status guard), so a retry of the whole
 * picks up where the last attempt stopped.
 */
export function createSettlementActivities(d: ApprovalDeps & PayoutActivityDeps) {
  const { approve } = payoutReservations(d);
  const sign = payoutSigner(d);

  async function settle(w: Withdrawal, note?: AdminNote): Promise<string> {
    const txHash = await sign(w);
    await recordSettled(d.db, w.id, txHash, note);
    return txHash;
  }

  const load = (id: string) => requireWithdrawalWithReservation(d.db, id);

  return {
    /**
     * A reserved payout: signed, and the withdrawal (and its session) settled; answers the payout's hash. A payout its
     * gas estimate holds is refused to the admin with the reason (it stays PROCESSING, reserved, for a later COMPLETED).
     */
    async settleWithdrawal(id: string, note?: AdminNote): Promise<string> {
      try {
        return await settle(await load(id), note);
      } catch (err) {
        const gas = gasRefusalOf(err);
        throw gas ? refusal(gas, `The payout cannot be signed now (${gas}); it stays PROCESSING`) : err;
      }
    },

    /**
     * Mode B APPROVE: settled when approval holds (or held before), otherwise held with the reason and nothing signed;
     * a payout its gas estimate holds is held likewise (its reservation kept), and re-tried with the held approvals.
     */
    async approveAndSettle(id: string): Promise<SettlementOutcome> {
      const w = await load(id);
      const outcome = await approve(w);
      if (!outcome.approved) return outcome;
      try {
        return { approved: true, txHash: await settle(w) };
      } catch (err) {
        const gas = gasRefusalOf(err);
        if (!gas) throw err;
        return { approved: false, heldReason: gas };
      }
    },
  };
}

export type SettlementActivities = ReturnType<typeof createSettlementActivities>;
