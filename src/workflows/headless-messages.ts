import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { HeadlessStatus } from '../domain/headless';
import type { ExecuteResult } from '../domain/headless-intent';

export interface ExecuteInput {
  /** The operator whose key called execute: the owner or its parent (spec 5 rule 1). */
  callerOperatorId: string;
}

/** POST /withdrawals/:sessionRef/cancel's answer (CONTRACT §4). */
export interface CancelResult {
  sessionRef: string;
  withdrawRequestId: string;
  withdrawalStatus: 'CANCELLED';
}

/** The workflow's live view, for the admin retry's "is a worker already holding the job" (spec 7.4). */
export interface HeadlessLiveState {
  status: HeadlessStatus;
  retryable: boolean | null;
  /** An admin retry was signalled and not yet acted on. */
  retryPending: boolean;
  /** A gas check or a sign attempt is running right now. */
  attemptInFlight: boolean;
  /** Signing began: the uncertainty boundary (never cancelled or retried from here). */
  signing: boolean;
}

/** Execute (spec 4.10): an update, because the operator waits for its 202 or its refusal. */
export const executeUpdate = defineUpdate<ExecuteResult, [ExecuteInput]>('execute');
/** Cancel (spec 4.12): an update that runs in turn with execute, so the two can never interleave. */
export const cancelUpdate = defineUpdate<CancelResult, []>('cancel');
/** An admin retry's WithdrawalCommand row, recorded by the API; a retry without a matching one is dropped (decision 0038). */
export interface AdminRetryInput {
  commandId: string;
}

/** Admin retry (spec 4.13): a signal; the route checks eligibility first and never moves funds itself. */
export const adminRetrySignal = defineSignal<[AdminRetryInput?]>('adminRetry');
/** The live state above. */
export const statusQuery = defineQuery<HeadlessLiveState>('status');

/** The headless workflow's start input (the API's client builds it; the workflow and its parts read it). */
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
  /**
   * While CREATED, the row is read this long after the start, then at doubling intervals (at most 15 minutes): an
   * execute that committed while its workflow task was lost is learnt from it. Absent (an older API's start): 60.
   */
  rereadSeconds?: number;
  /** State carried across continue-as-new (a long wait for gas). */
  resume?: { status: HeadlessStatus; retryable: boolean | null; failures: number; executed: ExecuteResult | null; retryPending: boolean; retryCommandId?: string | null };
}
