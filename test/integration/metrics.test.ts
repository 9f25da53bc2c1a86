import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fund, mine } from '../../dev/devchain/dev-commands';
import { freePort } from '../../src/adapters/free-port';
import { ensureDepositAddress } from '../../src/store/deposit-addresses';
import { createTestContext } from '../support/harness';
import { form, headlessSuite } from '../support/headless-fixtures';
import { http } from '../support/http';
import { eventually } from '../support/wait';

const { ctx, receiver, f, op } = headlessSuite({ PRICE_RETRY_SECONDS: '1' });

/** `name{labels} value` lines of a Prometheus text answer, keyed by `name{labels}`. */
function parse(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (m) out.set(m[1]!, Number(m[2]));
  }
  return out;
}
const scrape = async () => {
  const r = await http(ctx.apiUrl, 'GET', '/metrics');
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toContain('text/plain');
  return { series: parse(r.text), text: r.text };
};
const value = (s: Map<string, number>, key: string) => s.get(key) ?? 0;

describe('GET /metrics on the API', () => {
  it('When a deposit is credited and a headless payout completes, Then the counters move and every label set stays bounded', async () => {
    const before = (await scrape()).series;
    // A deposit of 5 USDC to a new user's address, confirmed and credited.
    const { address } = await ensureDepositAddress(ctx.db, ctx.config.DEPOSIT_XPUB, op.id, 'metrics-user');
    await fund({ nodeUrl: f.nodeUrl, registry: ctx.services.registry, address, token: 'USDC', amount: '5' });
    await mine({ nodeUrl: f.nodeUrl, blocks: 3 });
    await eventually(async () => (receiver.received.some((r) => form(r).event === 'DEPOSIT') ? true : null), 60_000, 'DEPOSIT');
    // A headless payout of 3 USDT, executed, mined and confirmed.
    const intent = await f.intent(op.apiKey, { amount: '3.00' });
    expect((await f.execute(op.apiKey, intent.sessionRef)).status).toBe(202);
    await f.waitStatus(intent.id, 'COMPLETED', { mine: true });
    await f.waitEvents(intent.id, 1, 'WITHDRAW_COMPLETE');

    // Both deliveries counted and nothing left undelivered: an event recorded just before a scrape (the payout's
    // other events) is undelivered for a moment, which a CI run under load once caught (0.364 s).
    const after = await eventually(async () => {
      const s = (await scrape()).series;
      const counted = value(s, 'gateway_webhook_attempts{outcome="acknowledged"}') >= value(before, 'gateway_webhook_attempts{outcome="acknowledged"}') + 2;
      return counted && value(s, 'gateway_webhook_oldest_undelivered_seconds') === 0 ? s : null;
    }, 30_000, 'deliveries counted and none undelivered');
    const moved = (key: string) => value(after, key) - value(before, key);
    expect(moved('gateway_deposits{status="CREDITED"}')).toBe(1);
    expect(moved('gateway_payouts{status="CONFIRMED"}')).toBe(1);
    expect(moved('gateway_withdrawals{mode="C",status="COMPLETED"}')).toBe(1);
    expect(moved('gateway_http_requests_total{method="POST",route="/withdrawals/:sessionRef/execute",status="202"}')).toBe(1);
    expect(value(after, 'gateway_outbound_stuck{kind="payout"}')).toBe(0);
    expect(after.get('gateway_scanner_lag_blocks{chain_id="31337"}')).toBeGreaterThanOrEqual(0);
    // The bankroll paid 3 USDT (nothing reserved once it completed) and received the swept 5 USDC.
    expect(moved('gateway_bankroll_balance{chain_id="31337",token="USDT"}')).toBeCloseTo(-3, 6);
    expect(value(after, 'gateway_bankroll_reserved{chain_id="31337",token="USDT"}')).toBe(0);
    expect(moved('gateway_bankroll_balance{chain_id="31337",token="USDC"}')).toBeCloseTo(5, 6);
    // Gas for the payout (and the sweep's top-up) came out of the bankroll's native balance.
    expect(moved('gateway_bankroll_balance{chain_id="31337",token="ETH"}')).toBeLessThan(0);
    // Bounded labels: no id, sid, address or hash in any series name.
    for (const key of after.keys()) expect(key).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}|0x[0-9a-fA-F]{8}/);
  });

  it('When METRICS_TOKEN is set, Then /metrics needs it', async () => {
    const guarded = await createTestContext({ env: { METRICS_TOKEN: 'scrape-token-0123456789' } });
    try {
      const refused = await http(guarded.apiUrl, 'GET', '/metrics');
      expect({ status: refused.status, code: refused.body.errorCode }).toEqual({ status: 401, code: 'UNAUTHORIZED' });
      expect((await http(guarded.apiUrl, 'GET', '/metrics', { token: 'scrape-token-0123456789' })).status).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});

describe('the worker process', () => {
  let child: ChildProcess | null = null;
  afterAll(() => child?.kill('SIGTERM'));

  it('When a worker runs as its own process, Then WORKER_METRICS_PORT serves its process metrics and Temporal\'s worker metrics', async () => {
    const port = await freePort();
    const root = path.resolve(__dirname, '../..');
    child = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'src/main.ts'), '--role', 'worker'], {
      env: { PATH: process.env.PATH ?? '', ...ctx.env, TEMPORAL_TASK_QUEUE: `${ctx.env.TEMPORAL_TASK_QUEUE}-metrics`, WORKER_METRICS_PORT: String(port),
        WORKFLOW_BUNDLE_PATH: ctx.services.workflowBundlePath },
      stdio: 'ignore',
    });
    const text = await eventually(async () => {
      const r = await fetch(`http://127.0.0.1:${port}/metrics`).then((x) => x.text(), () => '');
      return /temporal_worker_task_slots_available\{[^}]*\} \d+/.test(r) ? r : null;
    }, 90_000, 'Temporal worker metrics');
    expect(text).toMatch(/gateway_worker_process_cpu_seconds_total \S+/);
  });
});
