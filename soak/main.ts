/**
 * The soak (`npm run soak -- --minutes N`, not part of `npm test`): the real services, the API and the worker as one
 * service process each (as in production), and mixed traffic for N minutes: deposit sessions created by operators,
 * deposits, Mode A, B and C payouts (the crash campaign's workload, without the kills), test webhooks to ten
 * receivers of which one fails and recovers, and the payouts' receiver down one minute in ten. Every minute it prints
 * a line of figures; at the end it lets everything settle and checks: no 5xx, every payout confirmed once, every
 * deposit credited once (the crash campaign's checks), reconcile ok. The figures and the verdict go to
 * .data/soak-<time>.json and a plot to docs/soak/ (see soak/plot.ts). Exits 1 when a check fails.
 *
 * Flags: --minutes N (10), --sessions-per-second S (10), --item-seconds T (3: one workload item every T seconds, in
 * turn a deposit, a Mode A, a Mode B and a Mode C payout), --plot PATH (docs/soak/soak-<N>min.png).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { reconcile } from '../src/reconcile';
import { createOperator } from '../src/provisioning/operators';
import { freePort } from '../src/adapters/free-port';
import { startMiner } from '../chaos/miner';
import { unsettled, violations } from '../chaos/checks';
import { seeded } from '../chaos/random';
import { openWorkload, type Kind } from '../chaos/workload';
import { createTestContext } from '../test/support/harness';
import { startServiceProcesses } from '../test/support/service-processes';
import { TEST_ENV } from '../test/support/services';
import { stopOnCrash } from '../dev/launcher/processes';
import { startServices } from '../test/support/start-services';
import { delay } from '../test/support/wait';
import { ACK, FAIL, WebhookReceiver } from '../test/support/webhook-receiver';
import { judge, type Minute } from './figures';
import { plot } from './plot';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(v) || v <= 0) throw new Error(`--${name} must be a positive number`);
  return v;
};
const MINUTES = arg('minutes', 10);
const SESSIONS_PER_SECOND = arg('sessions-per-second', 10);
const ITEM_SECONDS = arg('item-seconds', 3);
const plotArg = process.argv.indexOf('--plot');
const ROOT = path.resolve(__dirname, '..');
const PLOT = plotArg >= 0 ? process.argv[plotArg + 1]! : path.join(ROOT, 'docs', 'soak', `soak-${MINUTES}min.png`);
const KINDS: Kind[] = ['deposit', 'A', 'B', 'C'];
const SETTLE_MS = 600_000;

const log = (msg: string) => console.error(`soak: ${msg}`);

/** Resident memory of a process in MiB (Linux). */
function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
}

/** The sum and count of the worker's workflow task schedule-to-start histogram (all task queues and kinds). */
async function taskLatency(metricsUrl: string): Promise<{ sum: number; count: number; unit: string }> {
  const text = await (await fetch(metricsUrl)).text();
  let sum = 0;
  let count = 0;
  let unit = 'ms';
  for (const line of text.split('\n')) {
    const m = /^temporal_workflow_task_schedule_to_start_latency(_seconds)?_(sum|count)(\{[^}]*\})? ([0-9.e+-]+)$/.exec(line);
    if (!m) continue;
    if (m[1]) unit = 's';
    if (m[2] === 'sum') sum += Number(m[4]);
    else count += Number(m[4]);
  }
  return { sum, count, unit };
}

/** The p99 of a list of durations (ms); 0 for none. */
const p99 = (ms: number[]) => (ms.length === 0 ? 0 : [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.floor(ms.length * 0.99))]!);

async function soak(): Promise<number> {
  const started = Date.now();
  log(`${MINUTES} min: ${SESSIONS_PER_SECOND} deposit sessions/s, one workload item every ${ITEM_SECONDS} s (${KINDS.join(', ')} in turn)`);
  const { services, stop } = await startServices();
  // The services and the service processes stop however the soak ends, on an error no `finally` sees too.
  const stops = [stop];
  const withdrawCrashStop = stopOnCrash(async () => {
    for (const s of stops.reverse()) await s();
  }, log);
  process.env[TEST_ENV] = JSON.stringify(services);
  const chain = { nodeUrl: services.chainNodeUrl, registry: services.registry };
  // The delivery retries of the production defaults would outlast the soak's settle time after the outage minute.
  const ctx = await createTestContext({ env: { WEBHOOK_RETRY_DELAYS_SECONDS: '5,10,20,40,80', OUTBOX_RELAY_SECONDS: '5', LOG_LEVEL: 'warn' } });
  const metricsPort = await freePort();
  const cluster = await startServiceProcesses(1, services.serviceScript, { ...ctx.env, WORKFLOW_BUNDLE_PATH: services.workflowBundlePath, WORKER_METRICS_PORT: String(metricsPort) });
  stops.push(() => cluster.stopWorkers(), () => cluster.stopApis());
  const inProcessApi = ctx.apiUrl;
  ctx.apiUrl = cluster.apiUrls[0]!;
  const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  const receiver = await new WebhookReceiver().start();
  const testReceivers = await Promise.all(Array.from({ length: 10 }, () => new WebhookReceiver().start()));
  const stopMiner = startMiner(chain.nodeUrl, chain.registry.chainId);
  let workload: Awaited<ReturnType<typeof openWorkload>> | null = null;
  try {
    await cluster.startWorkers();
    const { api: [apiPid], worker: [workerPid] } = cluster.pids();
    log(`API process ${apiPid} on ${ctx.apiUrl} (the in-process one at ${inProcessApi} takes no traffic), worker process ${workerPid}`);
    workload = await openWorkload(ctx, receiver, seeded(42), chain);
    workload.calm(); // nothing is killed here: each call's patience runs from its start
    const operators = await Promise.all(
      testReceivers.map((r, i) => createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: `Soak ${i + 1}`, webhookUrl: r.url })),
    );
    const counts = { ok: 0, serverErrors: 0, clientErrors: 0, failedCalls: 0 };
    let sessionLatencies: number[] = [];
    let sessions: Array<{ sid: string; apiKey: string }> = [];

    /** One operator call counted by its answer; a transport failure is counted apart (the API closed a connection). */
    const call = async (url: string, init: RequestInit): Promise<Response | null> => {
      try {
        const r = await fetch(url, init);
        if (r.status >= 500) counts.serverErrors += 1;
        else if (r.status >= 400) counts.clientErrors += 1;
        else counts.ok += 1;
        return r;
      } catch {
        counts.failedCalls += 1;
        return null;
      }
    };
    const createSession = async () => {
      const op = operators[Math.floor(Math.random() * operators.length)]!;
      const t0 = performance.now();
      const r = await call(`${ctx.apiUrl}/session/deposit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${op.apiKey}` },
        body: JSON.stringify({ externalUserId: `soak-${Math.floor(Math.random() * 1000)}`, lang: 'en', platformFiatCurrency: 'EUR', userBalance: '250.5', amount: '40' }),
      });
      sessionLatencies.push(performance.now() - t0);
      if (r?.status === 201) {
        const sid = ((await r.json()) as { data: { sid?: string; url?: string } }).data.sid;
        if (sid) sessions.push({ sid, apiKey: op.apiKey });
      } else await r?.arrayBuffer();
    };
    const testWebhook = async () => {
      const s = sessions.at(-1);
      if (!s) return;
      const r = await call(`${ctx.apiUrl}/session/${s.sid}/test-webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${s.apiKey}` },
        body: '{}',
      });
      await r?.arrayBuffer();
    };

    const minutes: Minute[] = [];
    const items: Array<Promise<void>> = [];
    let lastLatency = await taskLatency(metricsUrl);
    // The minutes count from here: the services' start is not part of the soak.
    const trafficStarted = Date.now();
    log(`services up after ${((trafficStarted - started) / 1000).toFixed(0)} s; traffic starts`);
    const endAt = trafficStarted + MINUTES * 60_000;
    for (let minute = 1; Date.now() < endAt; minute++) {
      const minuteEnd = Math.min(endAt, Date.now() + 60_000);
      // Receiver 1 of the ten test receivers fails in odd minutes; the payouts' receiver is down in every tenth.
      testReceivers[0]!.answer(() => (minute % 2 === 1 ? FAIL : ACK));
      receiver.answer(() => (minute % 10 === 5 ? FAIL : ACK));
      const before = { ...counts };
      const inFlight = new Set<Promise<void>>();
      let nextItem = Date.now();
      while (Date.now() < minuteEnd) {
        const tick = Date.now();
        for (let i = 0; i < SESSIONS_PER_SECOND; i++) {
          const p = createSession().finally(() => inFlight.delete(p));
          inFlight.add(p);
          await delay(1000 / SESSIONS_PER_SECOND / 2);
        }
        if (tick >= nextItem) {
          items.push(workload.launch(KINDS[items.length % KINDS.length]!));
          nextItem = tick + ITEM_SECONDS * 1000;
        }
        if (tick % 5000 < 1000) void testWebhook();
        await delay(Math.max(0, 1000 - (Date.now() - tick)));
      }
      await Promise.all(inFlight);
      const latency = await taskLatency(metricsUrl);
      const tasks = latency.count - lastLatency.count;
      const meanTaskMs = tasks > 0 ? ((latency.sum - lastLatency.sum) / tasks) * (latency.unit === 's' ? 1000 : 1) : 0;
      lastLatency = latency;
      const pg = await ctx.db.$queryRawUnsafe<Array<{ n: bigint }>>('SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database()');
      const m: Minute = {
        minute,
        requests: counts.ok - before.ok + counts.clientErrors - before.clientErrors,
        serverErrors: counts.serverErrors - before.serverErrors,
        failedCalls: counts.failedCalls - before.failedCalls,
        sessionCreates: sessionLatencies.length,
        sessionP99Ms: p99(sessionLatencies),
        apiRssMiB: rssMiB(apiPid!),
        workerRssMiB: rssMiB(workerPid!),
        pgConnections: Number(pg[0]!.n),
        workflowTaskMs: meanTaskMs,
        undeliveredWebhooks: await ctx.db.webhookEvent.count({ where: { status: { in: ['PENDING', 'RETRYING'] } } }),
        itemsStarted: items.length,
      };
      minutes.push(m);
      sessionLatencies = [];
      sessions = sessions.slice(-100);
      log(
        `minute ${m.minute}: ${m.requests} requests (${m.serverErrors} 5xx, ${m.failedCalls} failed), session-create p99 ${m.sessionP99Ms.toFixed(1)} ms, ` +
          `RSS api ${m.apiRssMiB.toFixed(0)} MiB worker ${m.workerRssMiB.toFixed(0)} MiB, ${m.pgConnections} PostgreSQL connections, ` +
          `workflow task schedule-to-start ${m.workflowTaskMs.toFixed(1)} ms, ${m.undeliveredWebhooks} webhooks undelivered, ${m.itemsStarted} items`,
      );
    }
    log('traffic stopped; waiting for every item to be taken and settle');
    receiver.answer(() => ACK);
    await Promise.all(items);
    const deadline = Date.now() + SETTLE_MS;
    let open = await unsettled(ctx.db, workload.ledger);
    while (open.length > 0 && Date.now() < deadline) {
      await delay(2000);
      open = await unsettled(ctx.db, workload.ledger);
    }
    await stopMiner();
    const found = [...open.map((o) => `not settled: ${o}`), ...(await violations(ctx.db, ctx.chains.require(chain.registry.chainId), receiver, workload.ledger))];
    const report = await reconcile({ db: ctx.db, chains: ctx.chains, bankroll: ctx.config.BANKROLL_ADDRESS }, chain.registry.chainId);
    if (!report.ok) found.push(`reconcile: ${JSON.stringify(report.differences)}`);
    const totals = { serverErrors: counts.serverErrors, failedCalls: counts.failedCalls };
    if (totals.serverErrors > 0) found.push(`${totals.serverErrors} answers were 5xx`);
    const verdict = judge(minutes);
    found.push(...verdict.failures);
    const perMode = (mode: string) => workload!.ledger.withdrawals.filter((w) => w.mode === mode).length;
    const summary = {
      minutes: MINUTES,
      sessionsPerSecond: SESSIONS_PER_SECOND,
      itemSeconds: ITEM_SECONDS,
      withdrawals: { A: perMode('A'), B: perMode('B'), C: perMode('C') },
      deposits: workload.ledger.deposits.length,
      totals,
      slopes: verdict.slopes,
      p99: verdict.p99,
      reconcileOk: report.ok,
      violations: found,
      perMinute: minutes,
    };
    mkdirSync(path.join(ROOT, '.data'), { recursive: true });
    const dataFile = path.join(ROOT, '.data', `soak-${new Date(started).toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(dataFile, JSON.stringify(summary, null, 2));
    mkdirSync(path.dirname(PLOT), { recursive: true });
    await plot(summary, PLOT);
    for (const v of found) log(`VIOLATION ${v}`);
    log(
      `summary: ${MINUTES} min, withdrawals A=${perMode('A')} B=${perMode('B')} C=${perMode('C')}, deposits ${summary.deposits}, ` +
        `${totals.serverErrors} 5xx, ${totals.failedCalls} failed calls, RSS slope api ${verdict.slopes.api} worker ${verdict.slopes.worker}, ` +
        `p99 ${verdict.p99}, reconcile ok=${report.ok}, ${found.length} violation(s); figures ${dataFile}, plot ${PLOT}`,
    );
    return found.length === 0 ? 0 : 1;
  } finally {
    await stopMiner();
    workload?.close();
    for (const r of [receiver, ...testReceivers]) await r.stop();
    await cluster.stopWorkers();
    await cluster.stopApis();
    await ctx.close();
    await stop();
    withdrawCrashStop();
  }
}

soak().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
