import { condition } from '@temporalio/workflow';

/**
 * A critical section for workflow code: update handlers and the main loop never interleave at their awaits inside
 * it. A loop, not one wait: waiters released together must look again, or two of them would both take it.
 */
export function exclusiveSection(): <T>(fn: () => Promise<T>) => Promise<T> {
  let busy = false;
  return async (fn) => {
    while (busy) await condition(() => !busy);
    busy = true;
    try {
      return await fn();
    } finally {
      busy = false;
    }
  };
}
