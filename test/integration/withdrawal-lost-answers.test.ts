/**
 * A widget withdrawal's guarded moves whose commit succeeded but whose answer was lost, as when the worker dies right
 * after the commit: the retried attempt finds the row moved already and must answer the move as made, or the workflow
 * stays a status behind its row (seen in the crash campaign: a Mode A request PROCESSING in the database, PENDING in
 * its workflow, every COMPLETED refused).
 */
import { ApplicationFailure } from '@temporalio/common';
import { createAdmin } from '../../src/provisioning/admins';
import { createOperator } from '../../src/provisioning/operators';
import { createTestContext, type TestContext } from '../support/harness';
import { http } from '../support/http';
import { describeInProcessOnly } from '../support/service-processes';
import { eventually } from '../support/wait';
import { ACK, WebhookReceiver } from '../support/webhook-receiver';
import { withdrawFixtures } from '../support/withdraw-fixtures';

let ctx: TestContext;
let receiver: WebhookReceiver;
let f: ReturnType<typeof withdrawFixtures>;
let apiKey: string;
let admin: string;
/** `<activity>:<withdrawal id>` of every first attempt whose answer was thrown away after its commit. */
const lost = new Set<string>();

/** The activity, except that its first attempt for each withdrawal commits and then throws its answer away. */
function losingFirstAnswer<A extends [string, ...unknown[]], R>(name: string, activity: (...args: A) => Promise<R>) {
  return async (...args: A): Promise<R> => {
    const answer = await activity(...args);
    const key = `${name}:${args[0]}`;
    if (lost.has(key)) return answer;
    lost.add(key);
    throw ApplicationFailure.retryable('the answer was lost after the commit', 'ANSWER_LOST');
  };
}

beforeAll(async () => {
  // Short enough to watch a request expire; long enough for the admin moves of the other test.
  ctx = await createTestContext({ env: { WITHDRAW_REQUEST_TTL_SECONDS: '8' } });
  await ctx.startWorker((acts) => ({
    ...acts,
    transitionWithdrawal: losingFirstAnswer('transitionWithdrawal', acts.transitionWithdrawal),
    expireWithdrawal: losingFirstAnswer('expireWithdrawal', acts.expireWithdrawal),
  }));
  f = withdrawFixtures(ctx);
  receiver = await new WebhookReceiver().start();
  receiver.answer(() => ACK);
  apiKey = (await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Lost answers', webhookUrl: receiver.url })).apiKey;
  await createAdmin(ctx.db, 'lost@example.com', 'admin-password', 'ADMIN');
  admin = (await http(ctx.apiUrl, 'POST', '/admin/login', { json: { email: 'lost@example.com', password: 'admin-password' } })).body.token;
});
afterAll(async () => {
  f.provider.destroy();
  await receiver.stop();
  await ctx.close();
});

async function pending(): Promise<string> {
  const r = await f.submit((await f.session(apiKey, '25.00')).sid, f.recipient());
  expect(r.body.data.withdrawStatus).toBe('PENDING');
  return r.body.data.withdrawRequestId as string;
}

describeInProcessOnly('it replaces activities of the worker')('a Mode A move committed whose answer was lost', () => {
  it("When the PROCESSING move's first answer is lost, Then the workflow moves on from PROCESSING: the admin's REJECTED takes effect", async () => {
    const id = await pending();
    expect((await f.adminMove(admin, id, 'PROCESSING')).body.status).toBe('PROCESSING');
    expect(lost.has(`transitionWithdrawal:${id}`)).toBe(true);
    const rejected = await f.adminMove(admin, id, 'REJECTED');
    expect([rejected.status, rejected.body.status]).toEqual([200, 'REJECTED']);
  });

  it("When an expiry's first answer is lost, Then the workflow still ends EXPIRED", async () => {
    const id = await pending();
    const handle = ctx.temporal.client.workflow.getHandle(`withdrawal-${id}`);
    await eventually(async () => (await handle.describe()).status.name === 'COMPLETED', 30_000, 'the workflow to end');
    expect(await handle.result()).toBe('EXPIRED');
    expect(lost.has(`expireWithdrawal:${id}`)).toBe(true);
    expect((await ctx.db.withdrawal.findUniqueOrThrow({ where: { id } })).status).toBe('EXPIRED');
  });
});
