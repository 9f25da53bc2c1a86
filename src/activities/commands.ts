import type { Db } from '../adapters/db';
import { claimCommand, type CommandRef, type RecordedCommand } from '../store/withdrawal-commands';

export type { CommandRef, RecordedCommand } from '../store/withdrawal-commands';

/** The check that binds a workflow's admin moves, decisions and retries to the API's recorded commands (decision 0038). */
export function createCommandActivities(d: { db: Db }) {
  return {
    /** The recorded command an update or signal names, if it is this withdrawal's, of this kind and action; null otherwise. */
    async claimWithdrawalCommand(ref: CommandRef): Promise<RecordedCommand | null> {
      return claimCommand(d.db, ref);
    },
  };
}

export type CommandActivities = ReturnType<typeof createCommandActivities>;
