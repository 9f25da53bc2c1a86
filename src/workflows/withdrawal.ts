import { allHandlersFinished, condition, patched, proxyActivities, setHandler, sleep, upsertSearchAttributes } from '@temporalio/workflow';
import type { PayoutActivities } from '../activities/payouts';
import type { SettlementActivities, SettlementOutcome } from '../activities/settlement';
import type { RecordedApprovalActivities } from '../activities/recorded-approval';
import type { WithdrawalActivities } from '../activities/withdrawals';
import { PAYOUT_UNPAID } from '../domain/failure-types';
import type { HeldReason } from '../domain/withdrawals';
import { isLegalAdminMove, isLiveWidget, isWidgetSource, WIDGET_ENTRY, WIDGET_MOVES, type WidgetStatus } from '../domain/withdrawal-machine';
import { exclusiveSection } from './exclusive';
import { payInParent } from './payout-failures';
import { runPayout, unpaidReason } from './payout';
import { claimActivity, RECORDED_COMMANDS, recordedCommands } from './recorded-commands';
import { refusal } from './refusal';
import { WithdrawStatus } from './search-attributes';
import { adminTransitionUpdate, decideUpdate, supersedeUpdate, type WithdrawalState } from './withdrawal-messages';

export interface WithdrawalWorkflowInput {
  withdrawRequestId: string;
  mode: 'A' | 'B';
  /** PENDING (A) and AWAITING_APPROVAL (B) expire after this (CONTRACT §6). */
  ttlSeconds: number;
  /** A held APPROVE is re-tried this often while inside the TTL. */
  heldRetrySeconds: number;
  pollMs: number;
  /** Test-only pause between signing and broadcasting; 0 in production. */
  pauseBeforeBroadcastMs: number;
}

const invalid = (message: string) => refusal('INVALID_TRANSITION', message);

/** Approval, signing and marking settled as one activity (src/activities/settlement.ts); runs begun before it keep three. */
const ONE_SETTLEMENT_ACTIVITY = 'one-settlement-activity';
/** The payout runs as its own child workflow (payout.ts); runs begun before it make it here (payInParent). */
const PAYOUT_CHILD_WORKFLOW = 'payout-child-workflow';
/** A settlement may answer that the row was cancelled with its session while this workflow was not told. */
const CANCELLED_WITH_SESSION = 'cancelled-with-session';
/** An expiry that moved nothing reads the row, which may have been cancelled with its session. */
const EXPIRY_READS_ROW = 'expiry-reads-row';
/** A Mode B APPROVE claims its command and settles in one activity (settleRecordedApproval); runs begun before, two. */
const APPROVAL_CLAIMS_COMMAND = 'approval-claims-command';

/**
 * One widget withdrawal (modes A and B). Admin moves and decisions arrive as updates and run one at a time; the main
 * loop keeps the TTL, re-tries held approvals, and after settlement hands the signed payout to its child workflow
 * (payout.ts: broadcast, confirmations, WITHDRAW_COMPLETE), ending FAILED if that answers unpaid. The payout is signed
 * once, inside the update that settles, so its answer carries the hash.
 */
export async function withdrawalWorkflow(input: WithdrawalWorkflowInput): Promise<WidgetStatus> {
  const acts = proxyActivities<WithdrawalActivities & PayoutActivities & SettlementActivities & RecordedApprovalActivities>({ startToCloseTimeout: '1 minute', retry: { maximumInterval: '30 seconds' } });
  const poll = proxyActivities<PayoutActivities>({
    startToCloseTimeout: '1 minute',
    retry: { initialInterval: input.pollMs, backoffCoefficient: 1, maximumInterval: input.pollMs, nonRetryableErrorTypes: [...PAYOUT_UNPAID] },
  });
  const id = input.withdrawRequestId;
  const deadline = Date.now() + input.ttlSeconds * 1000;
  let status: WidgetStatus = WIDGET_ENTRY[input.mode];
  let heldReason: HeldReason | null = null;
  let txHash: string | null = null;
  let approvalHeld = false;

  /** Unactioned: the TTL runs, and a newer request or a cancelled session supersedes it. */
  const waiting = () => isWidgetSource('expire', status);
  const state = (): WithdrawalState => ({ withdrawStatus: status, settlementTxHash: txHash, held: heldReason !== null, heldReason });
  const setStatus = (s: WidgetStatus) => {
    status = s;
    upsertSearchAttributes([{ key: WithdrawStatus, value: s }]);
  };

  const exclusive = exclusiveSection();
  const commands = recordedCommands<WithdrawalState>(id, claimActivity());

  function settled(hash: string): void {
    txHash = hash;
    heldReason = null;
    approvalHeld = false;
    setStatus(WIDGET_MOVES.complete.to);
  }

  async function settle(note?: { adminNote?: string; adminNoteBy?: string }): Promise<void> {
    if (patched(ONE_SETTLEMENT_ACTIVITY)) return settled(await acts.settleWithdrawal(id, note));
    const hash = await acts.signPayout(id);
    await acts.markSettled(id, note);
    settled(hash);
  }

  /** The row was cancelled with its session (src/store/sessions.ts) before this workflow heard: take its status. */
  function cancelledWithSession(): void {
    if (!patched(CANCELLED_WITH_SESSION)) return;
    heldReason = null;
    approvalHeld = false;
    setStatus(WIDGET_MOVES.supersede.to);
  }

  async function expire(): Promise<void> {
    if (await acts.expireWithdrawal(id)) {
      setStatus(WIDGET_MOVES.expire.to);
      heldReason = 'EXPIRED';
      approvalHeld = false;
      return;
    }
    // Nothing expired: the row was cancelled with its session and this workflow was never told (the API's message
    // lost). Without taking the row's status the loop below would retry the expiry for ever.
    if (patched(EXPIRY_READS_ROW) && (await acts.storedWithdrawalStatus(id)) === WIDGET_MOVES.supersede.to) cancelledWithSession();
  }

  async function tryApprove(): Promise<void> {
    if (Date.now() >= deadline) return expire();
    if (patched(ONE_SETTLEMENT_ACTIVITY)) return applyApproval(await acts.approveAndSettle(id));
    const outcome = await acts.approveWithdrawal(id);
    if (outcome.approved) return settle();
    heldReason = outcome.heldReason;
    approvalHeld = true;
  }

  function applyApproval(result: SettlementOutcome): void {
    if (result.approved) return settled(result.txHash);
    if ('cancelled' in result) return cancelledWithSession();
    heldReason = result.heldReason;
    approvalHeld = true;
  }

  /** An APPROVE that may settle now: its command claimed and the approval settled by one activity. */
  async function approveRecorded(commandId: unknown): Promise<void> {
    await commands.take(commandId, 'DECISION', 'APPROVE', async (ref) => {
      const { command, outcome } = await acts.settleRecordedApproval(ref);
      if (outcome) applyApproval(outcome);
      return command;
    });
  }

  setHandler(
    adminTransitionUpdate,
    (move) =>
      exclusive(async () => {
        const repeated = commands.answered(move.commandId, move.to);
        if (repeated) return repeated;
        if (!isLegalAdminMove(status, move.to)) throw invalid(`${status} cannot move to ${move.to}`);
        let note = { adminNote: move.adminNote, adminNoteBy: move.by };
        if (patched(RECORDED_COMMANDS)) {
          // The recorded row says who asked and what they wrote, not the message.
          const cmd = await commands.take(move.commandId, 'ADMIN_MOVE', move.to);
          note = { adminNote: cmd.note ?? undefined, adminNoteBy: cmd.adminEmail ?? undefined };
        }
        if (move.to === 'COMPLETED') {
          if (!(await acts.reserveModeAPayout(id))) {
            throw refusal('INSUFFICIENT_LIQUIDITY', 'The bankroll cannot fund this payout now');
          }
          await settle(note);
        } else if (await acts.transitionWithdrawal(id, [status], move.to, note)) {
          setStatus(move.to);
        }
        return commands.answer(move.commandId, state());
      }),
    {
      validator: (move) => {
        if (commands.answered(move.commandId, move.to)) return;
        if (input.mode !== 'A' || !isLegalAdminMove(status, move.to)) throw invalid(`${status} cannot move to ${move.to}`);
      },
    },
  );

  setHandler(
    decideUpdate,
    (decision) =>
      exclusive(async () => {
        const repeated = commands.answered(decision.commandId, decision.decision);
        if (repeated) return repeated;
        const settlesNow = decision.decision === 'APPROVE' && isWidgetSource('approve', status) && Date.now() < deadline;
        if (settlesNow && patched(APPROVAL_CLAIMS_COMMAND)) {
          await approveRecorded(decision.commandId);
          return commands.answer(decision.commandId, state());
        }
        let reason = decision.reason;
        if (patched(RECORDED_COMMANDS)) reason = (await commands.take(decision.commandId, 'DECISION', decision.decision)).note ?? undefined;
        // Idempotent: a decided (or expired, or superseded) request answers its current state; nothing is paid twice.
        if (!isWidgetSource('approve', status)) return commands.answer(decision.commandId, state());
        if (decision.decision === 'APPROVE') await tryApprove();
        else if (await acts.transitionWithdrawal(id, [...WIDGET_MOVES.decline.from], WIDGET_MOVES.decline.to, { adminNote: reason, adminNoteBy: 'operator' })) {
          heldReason = null;
          approvalHeld = false;
          setStatus(WIDGET_MOVES.decline.to);
        }
        return commands.answer(decision.commandId, state());
      }),
    {
      validator: (_decision) => {
        if (input.mode !== 'B') throw invalid('decisions apply to external-approval (Mode B) withdrawals only');
      },
    },
  );

  setHandler(supersedeUpdate, () =>
    exclusive(async () => {
      if (isWidgetSource('supersede', status) && (await acts.transitionWithdrawal(id, [status], WIDGET_MOVES.supersede.to))) {
        heldReason = null;
        approvalHeld = false;
        setStatus(WIDGET_MOVES.supersede.to);
      }
      return state();
    }),
  );

  while (isLiveWidget(status)) {
    if (status === 'PROCESSING') {
      await condition(() => status !== 'PROCESSING');
      continue;
    }
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      await exclusive(async () => (waiting() ? expire() : undefined));
      continue;
    }
    const heldBefore = approvalHeld;
    const timeout = heldBefore ? Math.min(remaining, input.heldRetrySeconds * 1000) : remaining;
    // Woken early by a decision too: a newly held approval starts its retry timer at once.
    if (await condition(() => !waiting() || approvalHeld !== heldBefore, timeout)) continue;
    await exclusive(async () => {
      if (isWidgetSource('approve', status) && approvalHeld && Date.now() < deadline) await tryApprove();
    });
  }

  const parentSteps = {
    confirmPayout: poll.confirmPayout, awaitPayoutConfirmations: poll.awaitPayoutConfirmations, broadcastPayout: acts.broadcastPayout, completePayout: acts.completePayout,
  };
  if (status === 'COMPLETED') {
    if (input.pauseBeforeBroadcastMs > 0) await sleep(input.pauseBeforeBroadcastMs);
    const reason = patched(PAYOUT_CHILD_WORKFLOW) ? unpaidReason(await runPayout({ withdrawalId: id, pollMs: input.pollMs })) : await payInParent(parentSteps, id);
    if (reason) {
      // Reverted, or never mineable: nothing was paid, so it must never read as completed; an admin takes it from here.
      await acts.failUnpaidPayout(id, reason);
      setStatus(WIDGET_MOVES.failUnpaid.to);
    }
  }
  await condition(allHandlersFinished);
  return status;
}
