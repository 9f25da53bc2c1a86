import { expectError, headlessSuite } from '../support/headless-fixtures';
import { delay, eventually } from '../support/wait';

const { ctx, f, op } = headlessSuite({ HEADLESS_INTENT_TTL_SECONDS: '2' });

describe('intent expiry (HEADLESS_INTENT_TTL_SECONDS=2)', () => {
  it('When an intent is not executed within its TTL, Then EXPIRED with WITHDRAW_CANCELLED INTENT_EXPIRED; the same reference answers the same sessionRef and expiresAt and it stays EXPIRED', async () => {
    const { id, sessionRef, body, created } = await f.intent(op.apiKey);
    const row = await f.waitStatus(id, 'EXPIRED', { timeoutMs: 15_000 });
    expect(row).toMatchObject({ reasonCode: 'INTENT_EXPIRED', reservation: null, cryptoAmountSent: null });
    const [e] = await f.waitEvents(id, 1, 'WITHDRAW_CANCELLED');
    expect(e).toMatchObject({ withdrawRequestId: id, sessionRef, status: 'CANCELLED', reasonCode: 'INTENT_EXPIRED', cryptoAmountSent: 'null', amountInUsd: 'null' });

    const again = await f.create(op.apiKey, body);
    expect(again.status).toBe(201);
    expect(again.body.data).toEqual(created.body.data);
    expect((await f.row(id)).status).toBe('EXPIRED');
    expectError(await f.execute(op.apiKey, sessionRef), 409, 'HEADLESS_INTENT_NOT_EXECUTABLE');
    expectError(await f.cancel(op.apiKey, sessionRef), 409, 'HEADLESS_CANCEL_NOT_ALLOWED');
    expect((await f.record(op.apiKey, sessionRef)).body.data).toMatchObject({ status: 'EXPIRED', reasonCode: 'INTENT_EXPIRED' });
    await delay(1000);
    expect(f.events(id)).toHaveLength(1);
    const desc = await ctx.temporal.client.workflow.getHandle(`headless-${sessionRef}`).describe();
    expect(desc.status.name).toBe('COMPLETED');
  });

  it('When execute comes after the TTL but before the expiry timer ran (worker down), Then 409 HEADLESS_INTENT_NOT_EXECUTABLE and it expires', async () => {
    const { id, sessionRef } = await f.intent(op.apiKey);
    await ctx.stopWorker();
    await delay(2500);
    const pending = f.execute(op.apiKey, sessionRef);
    await ctx.startWorker();
    expectError(await pending, 409, 'HEADLESS_INTENT_NOT_EXECUTABLE');
    await f.waitStatus(id, 'EXPIRED');
    expect((await f.row(id)).reservation).toBeNull();
    await eventually(async () => f.events(id).length === 1, 10_000, 'one WITHDRAW_CANCELLED');
  });

  it('When an intent is executed within its TTL, Then it does not expire', async () => {
    const { id, sessionRef } = await f.intent(op.apiKey);
    expect((await f.execute(op.apiKey, sessionRef)).status).toBe(202);
    await delay(3000);
    expect((await f.row(id)).status).not.toBe('EXPIRED');
    await f.waitStatus(id, 'COMPLETED', { mine: true });
    // The webhook is delivered after the commit that completed it: wait for it, then check it is the only one.
    await f.waitEvents(id, 1, 'WITHDRAW_COMPLETE');
    expect(f.events(id).map((e) => e.event)).toEqual(['WITHDRAW_COMPLETE']);
  });
});
