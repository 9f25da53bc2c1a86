import { treasurySendView, type TreasurySendView } from '../../src/provisioning/treasury';
import type { TreasuryStatus } from '../../src/domain/treasury-sends';
import { runCli } from './cli';
import type { TestContext } from './harness';
import { eventually, mineUntil } from './wait';

/**
 * Waits until a treasury send is `status`, then answers what `treasury status` prints for it. The wait reads the send
 * in this process, as the CLI does: a CLI call is a process start, seconds of CPU on a loaded machine, and a poll of
 * them starved the services it waited on.
 */
export async function treasuryStatusOnce(
  ctx: Pick<TestContext, 'db' | 'env'>,
  transferId: string,
  status: TreasuryStatus,
  { timeoutMs, mine }: { timeoutMs: number; mine?: () => Promise<unknown> },
): Promise<TreasurySendView> {
  const reached = async () => (await treasurySendView(ctx.db, transferId)).status === status;
  const what = `treasury send ${transferId} ${status}`;
  await (mine ? mineUntil(mine, reached, timeoutMs, what) : eventually(reached, timeoutMs, what));
  return (await runCli(['treasury', 'status', transferId], ctx.env)).json as TreasurySendView;
}
