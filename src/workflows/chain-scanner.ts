import { continueAsNew, log, patched, proxyActivities, sleep, startChild } from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { ChainScanActivities, DepositStart, ScanResult } from '../activities/chain-scan';
import type { depositWorkflow } from './deposit';
import { searchAttributes } from './search-attributes';

export interface ChainScannerInput {
  chainId: number;
  pollMs: number;
  /** Blocks read per scan step (bounded so one step stays short). */
  maxBlocks: number;
  /**
   * Steps per run before continue-as-new; absent means STEPS_PER_RUN. Optional, so the runs started before it existed
   * replay unchanged; set small only to record a continue-as-new quickly (scripts/record-histories.ts).
   */
  stepsPerRun?: number;
}

/** Steps per run before continue-as-new keeps the history bounded. */
const STEPS_PER_RUN = 500;

/**
 * The scanner starts its deposits' workflows as children (its step activity started them through a client before).
 * Runs recorded before never see a step with `pending`, so they replay without the marker.
 */
export const SCANNER_STARTS_DEPOSITS = 'scanner-starts-deposits';

/**
 * One per active chain: reads new blocks in bounded ranges and starts a deposit workflow per transfer into one of
 * our addresses, as its child. The cursor lives in PostgreSQL, so a restarted scanner resumes where it stopped.
 */
export async function chainScannerWorkflow(input: ChainScannerInput): Promise<never> {
  const { scanChain } = proxyActivities<ChainScanActivities>({
    // A step heartbeats every block it reads: one lost with a killed worker re-runs within seconds, while a slow node
    // may still take minutes over a full step.
    startToCloseTimeout: '5 minutes',
    heartbeatTimeout: '15 seconds',
    retry: { initialInterval: input.pollMs, maximumInterval: '30 seconds' },
  });
  const steps = input.stepsPerRun ?? STEPS_PER_RUN;
  for (let step = 0; step < steps; step++) {
    const result = await scanChain(input.chainId, input.maxBlocks);
    if (result.pending && patched(SCANNER_STARTS_DEPOSITS)) await startDeposits(input, result.pending);
    if (!result.behind) await sleep(input.pollMs);
  }
  return continueAsNew<typeof chainScannerWorkflow>(input);
}

/**
 * Starts the step's deposit workflows, then lets the cursor pass the step: until then a lost start is read again
 * by the next step (the scan is idempotent, and a deposit already running is left alone).
 */
async function startDeposits(input: ChainScannerInput, pending: NonNullable<ScanResult['pending']>): Promise<void> {
  const { commitScanCursor } = proxyActivities<ChainScanActivities>({ startToCloseTimeout: '1 minute', retry: { maximumInterval: '30 seconds' } });
  await Promise.all(pending.deposits.map((d) => startDeposit(d, input.pollMs)));
  await commitScanCursor(input.chainId, pending.cursor);
}

/**
 * One deposit's workflow, abandoned on close (the scanner continues as new; its deposits go on). A confirming deposit
 * needs a run: a new one if the last has closed (it ended on a drop). An id already running is the deposit already
 * followed: not an error, except for a revived deposit, whose old run has decided DROPPED and is returning it: a
 * child start cannot replace a running workflow (TERMINATE_IF_RUNNING answers "already started" for a child), so the
 * new run starts once the old one has closed, moments later. Skipping it would leave the deposit with no run at all.
 */
async function startDeposit(s: DepositStart, pollMs: number): Promise<void> {
  const { run } = s;
  for (;;) {
    try {
      await startChild<typeof depositWorkflow>('depositWorkflow', {
        workflowId: s.workflowId,
        args: [s.input],
        parentClosePolicy: 'ABANDON',
        workflowIdReusePolicy: run.confirming ? 'ALLOW_DUPLICATE' : 'REJECT_DUPLICATE',
        typedSearchAttributes: searchAttributes({ operatorId: run.operatorId, externalUserId: run.externalUserId, sessionRef: run.sessionRef }),
      });
      log.info('deposit detected', { workflowId: s.workflowId, depositId: s.input.depositId, revived: run.revived });
      return;
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError) || !run.revived) {
        if (err instanceof WorkflowExecutionAlreadyStartedError) return;
        throw err;
      }
      await sleep(pollMs);
    }
  }
}
