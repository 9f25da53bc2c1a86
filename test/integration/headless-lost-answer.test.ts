import { ApplicationFailure } from '@temporalio/common';
import type { Activities } from '../../src/activities';
import { headlessSuite } from '../support/headless-fixtures';
import { localActivities, scheduledActivities } from '../support/payout-runs';
import { describeInProcessOnly } from '../support/service-processes';

// The replaced worker stops before the suite closes, so the worker that settles what is left is an ordinary one. A
// CREATED intent's workflow reads its row every second here (a minute in production).
const { ctx, f, op } = headlessSuite({ HEADLESS_REREAD_SECONDS: '1' }, { beforeClose: () => ctx.stopWorker() });
let committedExecute: Activities['executeHeadlessIntentChecked'];

beforeAll(async () => {
  // Every execute attempt commits, then its answer is lost (as when the worker dies after the commit).
  await ctx.stopWorker();
  await ctx.startWorker((acts) => {
    committedExecute = acts.executeHeadlessIntentChecked;
    return {
      ...acts,
      async executeHeadlessIntentChecked(input) {
        await acts.executeHeadlessIntentChecked(input);
        throw ApplicationFailure.retryable('the answer was lost after the commit', 'ANSWER_LOST');
      },
    };
  });
});

describeInProcessOnly('it replaces an activity of the worker')('an execute whose commit succeeded but whose answer was lost', () => {
  it('When every attempt loses its answer, Then execute answers the committed result (202) and the payout proceeds', async () => {
    const { id, sessionRef } = await f.intent(op.apiKey, { amount: '5.00' });
    const r = await f.execute(op.apiKey, sessionRef);
    expect(r.status).toBe(202);
    expect(r.body.data).toMatchObject({ withdrawRequestId: id, replayed: false });
    expect((await f.row(id)).reservation?.status).toBe('ACTIVE');
    expect((await f.live(sessionRef)).status).not.toBe('CREATED');
    await f.waitStatus(id, 'COMPLETED', { mine: true });
    // The execute's own check never reached the workflow, so the attempt checked before signing.
    expect(await localActivities(ctx.temporal.client, `headless-${sessionRef}`)).toEqual(['executeHeadlessIntentChecked']);
    // Before it, only the CREATED workflow's reads of its row, if the execute came after the first second.
    const scheduled = await scheduledActivities(ctx.temporal.client, `headless-${sessionRef}`);
    expect(scheduled.slice(-3)).toEqual(['headlessIntentState', 'headlessReadiness', 'signPayout']);
    expect(scheduled.filter((a) => a !== 'headlessIntentState')).toEqual(['headlessReadiness', 'signPayout']);
    const replay = await f.execute(op.apiKey, sessionRef);
    expect([replay.status, replay.body.data.replayed]).toEqual([202, true]);
  });

  it('When an execute committed and its workflow was never told (the task that ran it lost with its worker, the update not sent again), Then the workflow reads the row while CREATED and the payout completes', async () => {
    const { id, sessionRef } = await f.intent(op.apiKey, { amount: '5.00' });
    expect((await f.live(sessionRef)).status).toBe('CREATED');
    // The execute's commit with no update: what a worker killed after the commit and before its workflow task completed
    // leaves when nobody sends the execute again.
    await committedExecute({ withdrawalId: id, callerOperatorId: op.id, chainId: 31337 });
    expect((await f.row(id)).status).toBe('EXECUTION_QUEUED');
    await f.waitStatus(id, 'COMPLETED', { mine: true, timeoutMs: 60_000 });
    expect(await ctx.temporal.client.workflow.getHandle(`headless-${sessionRef}`).result()).toBe('COMPLETED');
    expect((await f.row(id)).reservation?.status).toBe('CONSUMED');
    const replay = await f.execute(op.apiKey, sessionRef);
    expect([replay.status, replay.body.data.replayed]).toEqual([202, true]);
  });
});
