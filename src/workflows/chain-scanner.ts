import { continueAsNew, proxyActivities, sleep } from '@temporalio/workflow';
import type { ChainScanActivities } from '../activities/chain-scan';

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
 * One per active chain: reads new blocks in bounded ranges and starts a deposit workflow per transfer into one of
 * our addresses. The cursor lives in PostgreSQL, so a restarted scanner resumes where it stopped.
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
    if (!result.behind) await sleep(input.pollMs);
  }
  return continueAsNew<typeof chainScannerWorkflow>(input);
}
