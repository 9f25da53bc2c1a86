import type { Logger } from '../adapters/logger';
import type { ExecuteResult } from '../domain/headless-intent';
import type { PayoutReadiness } from '../store/headless-assets';
import type { ExecutedIntent } from './headless-execute';
import type { HeadlessReadiness } from './payouts';

/**
 * What an execute found for the attempt that follows it: READY (the attempt signs without asking again), WAITING_FOR_GAS
 * (the intent was moved there) or null (the attempt checks as it always did: an asset no longer supported, or a check
 * that failed, is the attempt's to handle, with its own retries and its own failure).
 */
export type ExecuteReadiness = 'READY' | 'WAITING_FOR_GAS' | null;

export interface CheckedExecute {
  result: ExecuteResult;
  readiness: ExecuteReadiness;
}

interface ExecuteCheckedDeps {
  logger: Logger;
  execute(input: { withdrawalId: string; callerOperatorId: string }): Promise<ExecutedIntent>;
  readiness(chainId: number, withdrawalId: string, queued?: PayoutReadiness): Promise<HeadlessReadiness>;
  markWaitingForGas(withdrawalId: string): Promise<boolean>;
}

/**
 * Execute followed by the first attempt's checks in the same activity: one activity task per execute where there were
 * three (decision 0046). The execute's transaction is unchanged and its refusals are the activity's; once it has
 * committed, nothing of the checks can fail it, since the caller's answer is the committed execute.
 */
export function createExecuteCheckedActivities(d: ExecuteCheckedDeps) {
  async function readinessAfterExecute(chainId: number, withdrawalId: string, queued: PayoutReadiness | null): Promise<ExecuteReadiness> {
    try {
      const found = await d.readiness(chainId, withdrawalId, queued ?? undefined);
      if (found === 'READY') return 'READY';
      if (found === 'NO_GAS' && (await d.markWaitingForGas(withdrawalId))) return 'WAITING_FOR_GAS';
      return null;
    } catch (err: unknown) {
      d.logger.warn('headless readiness after execute failed; the attempt checks again', { withdrawalId, err });
      return null;
    }
  }

  return {
    async executeHeadlessIntentChecked(input: { withdrawalId: string; callerOperatorId: string; chainId: number }): Promise<CheckedExecute> {
      const { result, queued } = await d.execute(input);
      // The queued row is the attempt's read, so the check reads nothing of PostgreSQL again.
      return { result, readiness: await readinessAfterExecute(input.chainId, input.withdrawalId, queued) };
    },
  };
}

export type ExecuteCheckedActivities = ReturnType<typeof createExecuteCheckedActivities>;
