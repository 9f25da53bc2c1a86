import { ApplicationFailure, log, patched, proxyActivities } from '@temporalio/workflow';
import type { CommandActivities, CommandRef, RecordedCommand } from '../activities/commands';

/**
 * Admin moves, decisions and admin retries act only on a command the API recorded (decision 0038); runs begun before
 * acted on the message alone, and replay that way.
 */
export const RECORDED_COMMANDS = 'recorded-commands';

/** Written into the update's outcome in the history: what an on-call engineer finds there (runbook). */
export function unrecorded(commandId: unknown, used = false): ApplicationFailure {
  const id = typeof commandId === 'string' ? commandId : '(none given)';
  const message = used
    ? `command ${id} was already used on this withdrawal: commands are accepted only through the API, each once`
    : `no recorded command ${id} for this withdrawal: commands are accepted only through the API`;
  return ApplicationFailure.create({ type: 'UNRECORDED_COMMAND', message, nonRetryable: true });
}

type Claim = (ref: CommandRef) => Promise<RecordedCommand | null>;

/**
 * The claim as the workflows call it: one indexed read and one update, so its attempt times out in seconds, not the
 * minute the other activities get. It runs inside an admin's move, which the admin's client waits on: an attempt lost
 * with a killed worker used to hold the move a full minute per kill (minutes under repeated kills, until the client
 * gave up with the request still PROCESSING; decision 0038). Only the timeout differs, so histories replay unchanged.
 */
export function claimActivity(): Claim {
  return proxyActivities<CommandActivities>({ startToCloseTimeout: '5 seconds', retry: { initialInterval: '1 second', maximumInterval: '5 seconds' } })
    .claimWithdrawalCommand;
}

/**
 * The commands one workflow took, and the answer each got. A command is taken once: sent again (a client's retry of the
 * same update), it gets the answer it got, or, if it was refused after it was taken, a refusal; nothing runs twice.
 */
export function recordedCommands<T>(withdrawalId: string, claim: Claim) {
  /** Each taken command's action. */
  const taken = new Map<string, string>();
  const answers = new Map<string, T>();
  return {
    /** The answer a command already got, for a repeat of it (the same action: anything else is not that command). */
    answered(commandId: unknown, action: string): T | undefined {
      return typeof commandId === 'string' && taken.get(commandId) === action ? answers.get(commandId) : undefined;
    },
    /**
     * The recorded command the message names, checked by an activity; refused when there is none or it was taken.
     * `claimWith` claims it in an activity that also acts on it (a Mode B approval), and answers the command alone.
     */
    async take(commandId: unknown, kind: CommandRef['kind'], action: string, claimWith: Claim = claim): Promise<RecordedCommand> {
      if (typeof commandId !== 'string') throw unrecorded(commandId);
      if (taken.has(commandId)) throw unrecorded(commandId, true);
      const cmd = await claimWith({ commandId, withdrawalId, kind, action });
      if (!cmd) throw unrecorded(commandId);
      taken.set(commandId, action);
      return cmd;
    },
    /** Keeps a taken command's answer and returns it; a message without a command (runs begun before) keeps nothing. */
    answer(commandId: unknown, value: T): T {
      if (typeof commandId === 'string' && taken.has(commandId)) answers.set(commandId, value);
      return value;
    },
  };
}

/** A workflow's pending admin retry (headless-intent-manager.ts). */
interface PendingRetry {
  retryPending: boolean;
  retryCommandId: string | null;
  readonly commands: ReturnType<typeof recordedCommands<null>>;
}

/**
 * Whether a pending admin retry may act: only with its recorded command (a signal has no answer to refuse with). One
 * without is dropped, the reason in the worker's log and the claim's null answer in the history. Runs begun before
 * acted on the signal alone.
 */
export async function recordedRetry(r: PendingRetry): Promise<boolean> {
  if (!patched(RECORDED_COMMANDS)) return true;
  try {
    await r.commands.take(r.retryCommandId ?? undefined, 'ADMIN_RETRY', 'RETRY');
    return true;
  } catch (err) {
    if (!(err instanceof ApplicationFailure)) throw err;
    log.warn(err.message);
    r.retryPending = false;
    r.retryCommandId = null;
    return false;
  }
}
