/**
 * A delivery attempt waits on the operator's endpoint while holding a workflow task slot (it is a local activity), so
 * deliveries run on a task queue and worker of their own. Here more deliveries hang than the gateway's worker has
 * workflow task slots (40), and a headless payout of another operator must still complete, its webhook delivered.
 */
import { dispatchTarget, dispatchWebhook } from '../../src/temporal/client/webhooks';
import { createOperator } from '../../src/provisioning/operators';
import { headlessSuite } from '../support/headless-fixtures';
import { recordSyntheticComplete } from '../support/outbox-events';
import { eventually } from '../support/wait';
import { ACK, WebhookReceiver } from '../support/webhook-receiver';

const HANGING = 45;
// Each hanging attempt answers after 40 s, inside the attempt's deadline: the payout must not wait for them.
const HANG_MS = 40_000;
const { ctx, f, op } = headlessSuite({ WEBHOOK_TIMEOUT_MS: '60000' });
let slow: WebhookReceiver;

beforeAll(async () => {
  slow = await new WebhookReceiver().start();
  slow.answer(() => ({ ...ACK, delayMs: HANG_MS }));
});
afterAll(async () => {
  await slow.stop();
});

it(`When ${HANGING} deliveries hang on a slow endpoint, Then another operator's headless payout still completes and its WITHDRAW_COMPLETE is delivered meanwhile`, async () => {
  const slowOp = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Slow endpoint', webhookUrl: slow.url });
  const target = dispatchTarget(ctx.config, ctx.temporal.client, ctx.db);
  for (let i = 0; i < HANGING; i++) await dispatchWebhook(target, await recordSyntheticComplete(ctx.db, ctx.config.SECRETS_KEY, slowOp.id, i));
  await slow.waitFor(HANGING, 30_000);

  const intent = await f.intent(op.apiKey);
  expect((await f.execute(op.apiKey, intent.sessionRef)).status).toBe(202);
  await f.waitStatus(intent.id, 'COMPLETED', { mine: true, timeoutMs: HANG_MS - 10_000 });
  await eventually(async () => f.events(intent.id).some((e) => e.event === 'WITHDRAW_COMPLETE'), HANG_MS - 10_000, 'WITHDRAW_COMPLETE delivered');

  // Delivered while every slow attempt was still waiting for its answer.
  expect(await ctx.db.webhookEvent.count({ where: { operatorId: slowOp.id, status: 'DELIVERED' } })).toBe(0);
}, 120_000);
