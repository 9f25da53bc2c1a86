import { ActivityFailure, type ApplicationFailure, condition, patched, setHandler, sleep, upsertSearchAttributes } from '@temporalio/workflow';
import { canCancel, executeDisposition, isWithdrawn, liveRetryDisposition, REASON, type ReasonCode } from '../domain/headless';
import { HEADLESS_MOVES, isHeadlessSource, isTerminal, type HeadlessStatus } from '../domain/headless-machine';
import type { ExecuteResult } from '../domain/headless-intent';
import type { CheckedExecute } from '../activities/headless-execute-checked';
import { adminRetrySignal, cancelUpdate, executeUpdate, statusQuery, type CancelResult, type ExecuteInput, type HeadlessLiveState, type HeadlessWorkflowInput } from './headless-messages';
import { exclusiveSection } from './exclusive';
import { claimActivity, recordedCommands, recordedRetry } from './recorded-commands';
import { attemptReadiness, headlessActivities, parentPayoutSteps } from './headless-activities';
import { payInParent } from './payout-failures';
import { runPayout, unpaidReason } from './payout';
import { refusal, refusalOf } from './refusal';
import { WithdrawStatus } from './search-attributes';

/** The payout runs as its own child workflow (payout.ts); runs begun before it make it here (payInParent). */
const PAYOUT_CHILD_WORKFLOW = 'payout-child-workflow';
/** Execute and the first attempt's checks as one activity (executeHeadlessIntentChecked); runs begun before it keep two. */
const EXECUTE_CHECKS_READINESS = 'execute-checks-readiness';
/** That activity runs as a local activity, inside the execute's workflow task (decision 0052); runs begun before schedule it. */
const EXECUTE_RUNS_LOCALLY = 'execute-runs-locally';

/**
 * One headless intent's state and its message handlers. Execute and cancel run one at a time with every status change
 * of the settlement (the `exclusive` section), so a cancel can never slip between the decision to sign and the
 * signing. Every guard asks the transition table (domain/headless-machine.ts) whether its move may happen.
 */
export class HeadlessIntentManager {
  status: HeadlessStatus;
  retryable: boolean | null;
  failures: number;
  executed: ExecuteResult | null;
  retryPending: boolean;
  retryCommandId: string | null; // the pending admin retry's recorded command (decision 0038)
  attemptInFlight = false;
  /** The execute's own check found the intent ready: the attempt right after it signs without asking again. */
  private readyAtExecute = false;
  /** Signing began: the uncertainty boundary (never cancelled or retried from here). */
  signing = false;
  readonly exclusive = exclusiveSection();
  private readonly acts: ReturnType<typeof headlessActivities>;
  readonly commands: ReturnType<typeof recordedCommands<null>>;

  constructor(private readonly input: HeadlessWorkflowInput) {
    this.acts = headlessActivities(input);
    this.status = input.resume?.status ?? 'CREATED';
    this.retryable = input.resume?.retryable ?? null;
    this.failures = input.resume?.failures ?? 0;
    this.executed = input.resume?.executed ?? null;
    this.retryPending = input.resume?.retryPending ?? false;
    this.retryCommandId = input.resume?.retryCommandId ?? null;
    this.commands = recordedCommands<null>(input.withdrawalId, claimActivity());
  }

  registerHandlers(): void {
    setHandler(statusQuery, () => this.live());
    setHandler(adminRetrySignal, (retry) => {
      if (liveRetryDisposition(this.live()) !== 'RETRY') return;
      this.retryPending = true;
      this.retryCommandId = retry?.commandId ?? null;
    });
    setHandler(executeUpdate, (req) => this.execute(req), {
      validator: (_req) => {
        if (isWithdrawn(this.status)) throw refusal('HEADLESS_INTENT_NOT_EXECUTABLE', `The intent cannot be executed (${this.status})`);
      },
    });
    setHandler(cancelUpdate, () => this.cancel(), {
      validator: () => {
        if (!this.cancellable()) throw this.cancelRefused();
      },
    });
  }

  isTerminal(): boolean {
    return isTerminal(this);
  }

  /** What a continue-as-new carries over. */
  resumeState(): NonNullable<HeadlessWorkflowInput['resume']> {
    return { status: this.status, retryable: this.retryable, failures: this.failures, executed: this.executed, retryPending: this.retryPending, retryCommandId: this.retryCommandId };
  }

  live(): HeadlessLiveState {
    return { status: this.status, retryable: this.retryable, retryPending: this.retryPending, attemptInFlight: this.attemptInFlight, signing: this.signing };
  }

  /** Execute (spec 4.10): the first accepted execute is the answer to every later one. */
  private execute({ callerOperatorId }: ExecuteInput): Promise<ExecuteResult> {
    return this.exclusive(async () => {
      const disposition = executeDisposition({ status: this.status, expiresAt: new Date(this.input.expiresAtMs), reservation: this.reservation() }, new Date());
      if (disposition === 'REPLAY' && this.executed) return { ...this.executed, replayed: true };
      if (disposition === 'NOT_EXECUTABLE' && isHeadlessSource('expire', this.status)) await this.expire();
      if (disposition === 'NOT_EXECUTABLE') throw refusal('HEADLESS_INTENT_NOT_EXECUTABLE', `The intent cannot be executed (${this.status})`);
      let checked: CheckedExecute;
      try {
        checked = await this.executeActivity(callerOperatorId);
      } catch (err) {
        const refused = refusalOf(err);
        if (refused.type !== 'SERVICE_UNAVAILABLE') throw refused;
        // An attempt may have committed before its answer was lost (worker gone, attempt timed out): the stored
        // intent says so, and then that committed execute is the answer, not a 503 learnt of only at the TTL.
        await this.sync();
        if (this.status === 'CREATED' || this.executed === null) throw refused;
        return { ...this.executed, replayed: false };
      }
      // The first execute this workflow accepts, even if an activity retry found its own earlier commit.
      this.executed = { ...checked.result, replayed: false };
      this.readyAtExecute = checked.readiness === 'READY';
      this.setStatus(checked.readiness === 'WAITING_FOR_GAS' ? HEADLESS_MOVES.waitForGas.to : HEADLESS_MOVES.execute.to);
      return this.executed;
    });
  }

  private async executeActivity(callerOperatorId: string): Promise<CheckedExecute> {
    const request = { withdrawalId: this.input.withdrawalId, callerOperatorId };
    if (!patched(EXECUTE_CHECKS_READINESS)) return { result: await this.acts.exec.executeHeadlessIntent(request), readiness: null };
    return (patched(EXECUTE_RUNS_LOCALLY) ? this.acts.execLocal : this.acts.exec).executeHeadlessIntentChecked({ ...request, chainId: this.input.chainId });
  }

  /** Cancel (spec 4.12): only before signing, and only from a state the table lets cancel leave. */
  private cancel(): Promise<CancelResult> {
    return this.exclusive(async () => {
      if (!this.cancellable()) throw this.cancelRefused();
      if (!(await this.acts.book.cancelHeadlessIntent(this.input.withdrawalId))) {
        await this.sync();
        throw this.cancelRefused();
      }
      this.retryPending = false;
      this.setStatus(HEADLESS_MOVES.cancel.to);
      return { sessionRef: this.input.sessionRef, withdrawRequestId: this.input.withdrawalId, withdrawalStatus: 'CANCELLED' as const };
    });
  }

  /** CREATED past its TTL → EXPIRED. */
  async expire(): Promise<void> {
    if (!isHeadlessSource('expire', this.status)) return;
    if (await this.acts.book.expireHeadlessIntent(this.input.withdrawalId)) this.setStatus(HEADLESS_MOVES.expire.to);
    else await this.sync();
  }

  /** EXECUTION_QUEUED: asset and gas checks, then the one-way decision to sign. */
  async attempt(): Promise<void> {
    const id = this.input.withdrawalId;
    this.attemptInFlight = true;
    try {
      const readiness = this.readyAtExecute ? 'READY' : await attemptReadiness(this.acts, this.input);
      if (readiness === 'ASSET_UNSUPPORTED') return await this.fail(false, REASON.ASSET_UNSUPPORTED);
      if (readiness === 'NO_GAS') {
        return await this.exclusive(async () => {
          if (isHeadlessSource('waitForGas', this.status) && (await this.acts.book.markHeadlessWaitingForGas(id))) this.setStatus(HEADLESS_MOVES.waitForGas.to);
        });
      }
    } catch (err) {
      if (!(err instanceof ActivityFailure)) throw err;
      return await this.fail(true, REASON.SETTLEMENT_UNAVAILABLE);
    } finally {
      this.attemptInFlight = false;
      this.readyAtExecute = false;
    }
    const go = await this.exclusive(async () => {
      this.signing = isHeadlessSource('sign', this.status);
      return this.signing;
    });
    if (!go) return;
    await this.acts.settle.signPayout(id); // stores the signed bytes and hash, and moves the row to RECONCILING
    this.setStatus(HEADLESS_MOVES.sign.to);
  }

  /** WAITING_FOR_GAS: a timer re-check, or an admin retry, sends it back to EXECUTION_QUEUED. */
  async waitForGas(): Promise<void> {
    await condition(() => this.retryPending || this.status !== 'WAITING_FOR_GAS', this.input.gasRecheckSeconds * 1000);
    if (this.status !== 'WAITING_FOR_GAS') return;
    this.attemptInFlight = true;
    try {
      if ((this.retryPending && (await recordedRetry(this))) || (await this.acts.check.bankrollHasGas(this.input.chainId, this.input.withdrawalId))) await this.requeue();
    } catch (err) {
      if (!(err instanceof ActivityFailure)) throw err;
      await this.fail(true, REASON.SETTLEMENT_UNAVAILABLE);
    } finally {
      this.attemptInFlight = false;
    }
  }

  /** RECONCILING: the signed payout goes to its child workflow (payout.ts): the same bytes sent, confirmed, completed once. */
  async reconcile(): Promise<void> {
    this.signing = true;
    if (this.input.pauseBeforeBroadcastMs > 0) await sleep(this.input.pauseBeforeBroadcastMs);
    const reason = patched(PAYOUT_CHILD_WORKFLOW) ? unpaidReason(await runPayout({ withdrawalId: this.input.withdrawalId, pollMs: this.input.pollMs })) : await payInParent(parentPayoutSteps(this.acts), this.input.withdrawalId);
    if (reason) return this.fail(false, reason);
    this.setStatus(HEADLESS_MOVES.complete.to);
  }

  /** Back to EXECUTION_QUEUED. A pending retry stays visible until the row has moved, so a second one is IN_PROGRESS. */
  async requeue(): Promise<void> {
    await this.exclusive(async () => {
      try {
        if (!isHeadlessSource('requeue', this.status)) return;
        if (await this.acts.book.requeueHeadlessIntent(this.input.withdrawalId)) {
          this.retryable = null;
          this.setStatus(HEADLESS_MOVES.requeue.to);
        } else await this.sync();
      } finally {
        this.retryPending = false;
      }
    });
  }

  private async fail(nowRetryable: boolean, reasonCode: ReasonCode): Promise<void> {
    await this.exclusive(async () => {
      if (!isHeadlessSource(nowRetryable ? 'failRetryable' : 'fail', this.status)) return;
      this.failures += 1;
      if (await this.acts.book.failHeadlessIntent({ withdrawalId: this.input.withdrawalId, retryable: nowRetryable, reasonCode, seq: this.failures })) {
        this.retryable = nowRetryable;
        this.setStatus(HEADLESS_MOVES.fail.to);
      } else await this.sync();
    });
  }

  /** Adopts the stored state when a conditional transition found the row elsewhere (e.g. an execute whose answer was lost). */
  private async sync(onlyIfMoved = false): Promise<void> {
    const stored = await this.acts.book.headlessIntentState(this.input.withdrawalId);
    if (onlyIfMoved && stored.status === this.status) return;
    this.executed ??= stored.executed;
    this.retryable = stored.retryable;
    this.setStatus(stored.status);
  }

  /** CREATED: the row has moved on if an execute committed in a workflow task lost with its worker and was not sent again. */
  async reread(): Promise<void> {
    if (this.status === 'CREATED') await this.sync(true);
  }

  private setStatus(s: HeadlessStatus): void {
    this.status = s;
    upsertSearchAttributes([{ key: WithdrawStatus, value: s }]);
  }

  /** Held or consumed while executed and not released (cancel, expiry, terminal failure). */
  private reservation(): 'ACTIVE' | 'RELEASED' | null {
    if (this.executed === null) return null;
    return isTerminal(this) && this.status !== 'COMPLETED' ? 'RELEASED' : 'ACTIVE';
  }

  private cancellable(): boolean {
    return canCancel({ status: this.status, retryable: this.retryable, hasTxHash: this.signing });
  }

  private cancelRefused(): ApplicationFailure {
    return refusal('HEADLESS_CANCEL_NOT_ALLOWED', `The intent cannot be cancelled (${this.signing ? 'its payout has been signed' : this.status})`);
  }
}
