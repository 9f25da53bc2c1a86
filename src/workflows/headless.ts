import {
  ActivityFailure,
  allHandlersFinished,
  ApplicationFailure,
  condition,
  continueAsNew,
  proxyActivities,
  setHandler,
  sleep,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { HeadlessActivities } from '../activities/headless';
import type { PayoutActivities } from '../activities/payouts';
import { isErrorCode } from '../domain/errors';
import { PAYOUT_UNPAID } from '../domain/failure-types';
import { canCancel, executeDisposition, isTerminal, liveRetryDisposition, REASON, type HeadlessStatus, type ReasonCode } from '../domain/headless';
import type { ExecuteResult } from '../domain/headless-intent';
import { adminRetrySignal, cancelUpdate, executeUpdate, statusQuery, type HeadlessLiveState } from './headless-messages';
import { exclusiveSection } from './exclusive';
import { unpaidPayout } from './payout-failures';
import { WithdrawStatus } from './search-attributes';

export interface HeadlessWorkflowInput {
  withdrawalId: string;
  sessionRef: string;
  chainId: number;
  /** Un-executed by this instant (epoch ms), the intent expires. */
  expiresAtMs: number;
  gasRecheckSeconds: number;
  /** Attempts of the gas and asset checks before FAILED(retryable). */
  settleAttempts: number;
  pollMs: number;
  /** Test-only pause between signing and broadcasting; 0 in production. */
  pauseBeforeBroadcastMs: number;
  /** State carried across continue-as-new (a long wait for gas). */
  resume?: { status: HeadlessStatus; retryable: boolean | null; failures: number; executed: ExecuteResult | null; retryPending: boolean };
}

const failure = (type: string, message: string) => ApplicationFailure.create({ type, message, nonRetryable: true });

/** An activity's business refusal keeps its errorCode (and status); anything else is a fail-closed 503. */
function refusalOf(err: unknown): ApplicationFailure {
  const cause = err instanceof ActivityFailure ? err.cause : undefined;
  if (cause instanceof ApplicationFailure && cause.nonRetryable && isErrorCode(cause.type)) {
    return ApplicationFailure.create({ type: cause.type, message: cause.message, details: cause.details ?? [], nonRetryable: true });
  }
  return failure('SERVICE_UNAVAILABLE', 'Execute could not be completed now; retry it');
}

/**
 * One headless intent (Mode C), from creation to a terminal state. Execute and cancel arrive as updates and run one
 * at a time with every status change of the settlement (the `exclusive` section), so a cancel can never slip between
 * the decision to sign and the signing. Settlement: WAITING_FOR_GAS while the bankroll lacks gas (re-checked on a
 * timer), then sign once (RECONCILING), broadcast, confirmations, WITHDRAW_COMPLETE. Before signing, a failure is
 * FAILED(retryable) and waits for an admin retry or a cancel; once signing began the payout is only ever reconciled.
 */
export async function headlessWorkflow(input: HeadlessWorkflowInput): Promise<HeadlessStatus> {
  const id = input.withdrawalId;
  // State transitions must land: retried until the database answers.
  const book = proxyActivities<HeadlessActivities>({ startToCloseTimeout: '1 minute', retry: { initialInterval: '1 second', maximumInterval: '30 seconds' } });
  const exec = proxyActivities<HeadlessActivities>({ startToCloseTimeout: '2 minutes', retry: { initialInterval: '1 second', maximumInterval: '5 seconds', maximumAttempts: 3 } });
  // Before signing: bounded, then FAILED(retryable).
  const check = proxyActivities<HeadlessActivities & PayoutActivities>({
    startToCloseTimeout: '1 minute',
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: input.settleAttempts },
  });
  // From signing on: only ever reconciled, never abandoned. A short ceiling: a broadcast refused because an earlier
  // nonce is not out yet (nodes that do not queue gapped nonces) succeeds moments later.
  const settle = proxyActivities<PayoutActivities>({ startToCloseTimeout: '1 minute', retry: { initialInterval: input.pollMs, maximumInterval: '5 seconds' } });
  const poll = proxyActivities<PayoutActivities>({
    startToCloseTimeout: '1 minute',
    retry: { initialInterval: input.pollMs, backoffCoefficient: 1, maximumInterval: input.pollMs, nonRetryableErrorTypes: [...PAYOUT_UNPAID] },
  });

  let status: HeadlessStatus = input.resume?.status ?? 'CREATED';
  let retryable = input.resume?.retryable ?? null;
  let failures = input.resume?.failures ?? 0;
  let executed = input.resume?.executed ?? null;
  let retryPending = input.resume?.retryPending ?? false;
  let attemptInFlight = false;
  let signing = false;

  const live = (): HeadlessLiveState => ({ status, retryable, retryPending, attemptInFlight, signing });
  const setStatus = (s: HeadlessStatus) => {
    status = s;
    upsertSearchAttributes([{ key: WithdrawStatus, value: s }]);
  };
  /** Held or consumed while executed and not released (cancel, expiry, terminal failure). */
  const reservation = () => (executed === null ? null : isTerminal({ status, retryable }) && status !== 'COMPLETED' ? 'RELEASED' : 'ACTIVE');

  const exclusive = exclusiveSection();

  /** Adopts the stored state when a conditional transition found the row elsewhere (e.g. an execute whose answer was lost). */
  async function sync(): Promise<void> {
    const stored = await book.headlessIntentState(id);
    executed ??= stored.executed;
    retryable = stored.retryable;
    setStatus(stored.status);
  }

  async function expire(): Promise<void> {
    if (status !== 'CREATED') return;
    if (await book.expireHeadlessIntent(id)) setStatus('EXPIRED');
    else await sync();
  }

  async function fail(nowRetryable: boolean, reasonCode: ReasonCode): Promise<void> {
    await exclusive(async () => {
      const from = status === 'EXECUTION_QUEUED' || status === 'WAITING_FOR_GAS' || (status === 'RECONCILING' && !nowRetryable);
      if (!from) return;
      failures += 1;
      if (await book.failHeadlessIntent({ withdrawalId: id, retryable: nowRetryable, reasonCode, seq: failures })) {
        retryable = nowRetryable;
        setStatus('FAILED');
      } else await sync();
    });
  }

  /** Back to EXECUTION_QUEUED. A pending retry stays visible until the row has moved, so a second one is IN_PROGRESS. */
  async function requeue(): Promise<void> {
    await exclusive(async () => {
      try {
        if (status !== 'WAITING_FOR_GAS' && status !== 'FAILED') return;
        if (await book.requeueHeadlessIntent(id)) {
          retryable = null;
          setStatus('EXECUTION_QUEUED');
        } else await sync();
      } finally {
        retryPending = false;
      }
    });
  }

  /** EXECUTION_QUEUED: asset and gas checks, then the one-way decision to sign. */
  async function attempt(): Promise<void> {
    attemptInFlight = true;
    try {
      if (!(await check.headlessAssetSupported(id))) return await fail(false, REASON.ASSET_UNSUPPORTED);
      if (!(await check.bankrollHasGas(input.chainId))) {
        return await exclusive(async () => {
          if (status === 'EXECUTION_QUEUED' && (await book.markHeadlessWaitingForGas(id))) setStatus('WAITING_FOR_GAS');
        });
      }
    } catch (err) {
      if (!(err instanceof ActivityFailure)) throw err;
      return await fail(true, REASON.SETTLEMENT_UNAVAILABLE);
    } finally {
      attemptInFlight = false;
    }
    const go = await exclusive(async () => {
      signing = status === 'EXECUTION_QUEUED';
      return signing;
    });
    if (!go) return;
    await settle.signPayout(id); // stores the signed bytes and hash, and moves the row to RECONCILING
    setStatus('RECONCILING');
  }

  /** WAITING_FOR_GAS: a timer re-check, or an admin retry, sends it back to EXECUTION_QUEUED. */
  async function waitForGas(): Promise<void> {
    await condition(() => retryPending || status !== 'WAITING_FOR_GAS', input.gasRecheckSeconds * 1000);
    if (status !== 'WAITING_FOR_GAS') return;
    attemptInFlight = true;
    try {
      if (retryPending || (await check.bankrollHasGas(input.chainId))) await requeue();
    } catch (err) {
      if (!(err instanceof ActivityFailure)) throw err;
      await fail(true, REASON.SETTLEMENT_UNAVAILABLE);
    } finally {
      attemptInFlight = false;
    }
  }

  /** RECONCILING: the signed payout is broadcast (again after a crash: the same bytes), confirmed, completed once. */
  async function reconcile(): Promise<void> {
    signing = true;
    if (input.pauseBeforeBroadcastMs > 0) await sleep(input.pauseBeforeBroadcastMs);
    await settle.broadcastPayout(id);
    try {
      await poll.awaitPayoutConfirmations(id);
    } catch (err) {
      const reason = unpaidPayout(err);
      if (!reason) throw err;
      return fail(false, reason);
    }
    await settle.completePayout(id);
    setStatus('COMPLETED');
  }

  setHandler(statusQuery, live);
  setHandler(adminRetrySignal, () => {
    if (liveRetryDisposition(live()) === 'RETRY') retryPending = true;
  });

  setHandler(
    executeUpdate,
    ({ callerOperatorId }) =>
      exclusive(async () => {
        const disposition = executeDisposition({ status, expiresAt: new Date(input.expiresAtMs), reservation: reservation() }, new Date());
        if (disposition === 'REPLAY' && executed) return { ...executed, replayed: true };
        if (disposition === 'NOT_EXECUTABLE' && status === 'CREATED') await expire();
        if (disposition === 'NOT_EXECUTABLE') throw failure('HEADLESS_INTENT_NOT_EXECUTABLE', `The intent cannot be executed (${status})`);
        let result: ExecuteResult;
        try {
          result = await exec.executeHeadlessIntent({ withdrawalId: id, callerOperatorId });
        } catch (err) {
          const refused = refusalOf(err);
          if (refused.type !== 'SERVICE_UNAVAILABLE') throw refused;
          // An attempt may have committed before its answer was lost (worker gone, attempt timed out): the stored
          // intent says so, and then that committed execute is the answer, not a 503 learnt of only at the TTL.
          await sync();
          if (status === 'CREATED' || executed === null) throw refused;
          return { ...executed, replayed: false };
        }
        // The first execute this workflow accepts, even if an activity retry found its own earlier commit.
        executed = { ...result, replayed: false };
        setStatus('EXECUTION_QUEUED');
        return executed;
      }),
    {
      validator: (_input) => {
        if (status === 'CANCELLED' || status === 'EXPIRED') throw failure('HEADLESS_INTENT_NOT_EXECUTABLE', `The intent cannot be executed (${status})`);
      },
    },
  );

  const cancelRefused = () => failure('HEADLESS_CANCEL_NOT_ALLOWED', `The intent cannot be cancelled (${signing ? 'its payout has been signed' : status})`);
  setHandler(
    cancelUpdate,
    () =>
      exclusive(async () => {
        if (!canCancel({ status, retryable, hasTxHash: signing })) throw cancelRefused();
        if (!(await book.cancelHeadlessIntent(id))) {
          await sync();
          throw cancelRefused();
        }
        retryPending = false;
        setStatus('CANCELLED');
        return { sessionRef: input.sessionRef, withdrawRequestId: id, withdrawalStatus: 'CANCELLED' as const };
      }),
    {
      validator: () => {
        if (!canCancel({ status, retryable, hasTxHash: signing })) throw cancelRefused();
      },
    },
  );

  while (status === 'CREATED') {
    const remaining = input.expiresAtMs - Date.now();
    if (remaining <= 0) await exclusive(expire);
    else await condition(() => status !== 'CREATED', remaining);
  }

  while (!isTerminal({ status, retryable })) {
    if (status === 'EXECUTION_QUEUED') await attempt();
    else if (status === 'RECONCILING') await reconcile();
    else if (status === 'FAILED') {
      await condition(() => retryPending || status !== 'FAILED');
      if (status === 'FAILED') await requeue();
    } else if (status === 'WAITING_FOR_GAS') {
      await waitForGas();
      // A long wait for gas grows the history by a few events per re-check: start afresh with the same state.
      if (status === 'WAITING_FOR_GAS' && workflowInfo().continueAsNewSuggested) {
        await condition(allHandlersFinished);
        if (status === 'WAITING_FOR_GAS') return continueAsNew<typeof headlessWorkflow>({ ...input, resume: { status, retryable, failures, executed, retryPending } });
      }
    }
  }
  await condition(allHandlersFinished);
  return status;
}
