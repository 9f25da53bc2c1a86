import { allHandlersFinished, condition, continueAsNew, patched, workflowInfo } from '@temporalio/workflow';
import type { HeadlessStatus } from '../domain/headless-machine';
import type { HeadlessWorkflowInput } from './headless-messages';
import { HeadlessIntentManager } from './headless-intent-manager';
import { recordedRetry } from './recorded-commands';

/** A CREATED intent reads its row now and then (HeadlessIntentManager.reread); runs begun before it wait for the TTL. */
const CREATED_REREADS_ROW = 'created-rereads-row';
/** The longest wait between two reads of a CREATED intent's row. */
const MAX_REREAD_MS = 15 * 60_000;

/**
 * One headless intent (Mode C), from creation to a terminal state. It waits for execute (an update) until its TTL,
 * reading its row now and then in case an execute committed in a workflow task lost with its worker, then settles:
 * WAITING_FOR_GAS while the bankroll lacks gas (re-checked on a timer), then sign once (RECONCILING), broadcast,
 * confirmations, WITHDRAW_COMPLETE. Before signing, a failure is FAILED(retryable) and waits for an admin retry or a
 * cancel; once signing began the payout is only ever reconciled. The state and the handlers live in
 * HeadlessIntentManager.
 */
export async function headlessWorkflow(input: HeadlessWorkflowInput): Promise<HeadlessStatus> {
  const intent = new HeadlessIntentManager(input);
  intent.registerHandlers();

  let reread = (input.rereadSeconds ?? 60) * 1000;
  while (intent.status === 'CREATED') {
    const remaining = input.expiresAtMs - Date.now();
    if (remaining <= 0) await intent.exclusive(() => intent.expire());
    else if (!patched(CREATED_REREADS_ROW)) await condition(() => intent.status !== 'CREATED', remaining);
    else if (!(await condition(() => intent.status !== 'CREATED', Math.min(remaining, reread))) && input.expiresAtMs > Date.now()) {
      await intent.exclusive(() => intent.reread());
      reread = Math.min(reread * 2, MAX_REREAD_MS);
    }
  }

  while (!intent.isTerminal()) {
    if (intent.status === 'EXECUTION_QUEUED') await intent.attempt();
    else if (intent.status === 'RECONCILING') await intent.reconcile();
    else if (intent.status === 'FAILED') {
      await condition(() => intent.retryPending || intent.status !== 'FAILED');
      if (intent.status === 'FAILED' && (await recordedRetry(intent))) await intent.requeue();
    } else if (intent.status === 'WAITING_FOR_GAS') {
      await intent.waitForGas();
      // A long wait for gas grows the history by a few events per re-check: start afresh with the same state.
      if (intent.status === 'WAITING_FOR_GAS' && workflowInfo().continueAsNewSuggested) {
        await condition(allHandlersFinished);
        if (intent.status === 'WAITING_FOR_GAS') return continueAsNew<typeof headlessWorkflow>({ ...input, resume: intent.resumeState() });
      }
    }
  }
  await condition(allHandlersFinished);
  return intent.status;
}
