import { ApplicationFailure } from '@temporalio/common';
import { headlessSuite } from '../support/headless-fixtures';
import { scheduledActivities } from '../support/payout-runs';
import { describeInProcessOnly } from '../support/service-processes';

// The replaced worker stops before the suite closes, so the worker that settles what is left is an ordinary one.
const { ctx, f, op } = headlessSuite({}, { beforeClose: () => ctx.stopWorker() });

beforeAll(async () => {
  // Every execute attempt commits, then its answer is lost (as when the worker dies after the commit).
  await ctx.stopWorker();
  await ctx.startWorker((acts) => ({
    ...acts,
    async executeHeadlessIntentChecked(input) {
      await acts.executeHeadlessIntentChecked(input);
      throw ApplicationFailure.retryable('the answer was lost after the commit', 'ANSWER_LOST');
    },
  }));
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
    expect(await scheduledActivities(ctx.temporal.client, `headless-${sessionRef}`)).toEqual(['executeHeadlessIntentChecked', 'headlessIntentState', 'headlessReadiness', 'signPayout']);
    const replay = await f.execute(op.apiKey, sessionRef);
    expect([replay.status, replay.body.data.replayed]).toEqual([202, true]);
  });
});
