import { CancelledFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { heartbeatingSleep } from '../../src/activities/waiting';

describe('heartbeatingSleep (a follow between its polls)', () => {
  it('When it sleeps longer than its heartbeat interval, Then it heartbeats through the sleep, not only before it', async () => {
    const env = new MockActivityEnvironment();
    const beats: unknown[] = [];
    env.on('heartbeat', (d: unknown) => beats.push(d));
    const started = performance.now();
    await env.run(() => heartbeatingSleep(250, 'payout 0xabc: 1/2 confirmations', 50));
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
    expect(beats.length).toBeGreaterThanOrEqual(5);
    expect(new Set(beats)).toEqual(new Set(['payout 0xabc: 1/2 confirmations']));
  });

  it('When its activity is cancelled (the worker shuts down), Then the sleep ends at once with the cancellation', async () => {
    // A minute's sleep: only the cancellation ends it within the test's timeout.
    const env = new MockActivityEnvironment();
    const sleeping = env.run(() => heartbeatingSleep(60_000, 'waiting', 50));
    setTimeout(() => env.cancel(), 100);
    await expect(sleeping).rejects.toBeInstanceOf(CancelledFailure);
  });
});
