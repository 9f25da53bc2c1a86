/**
 * `npm run record-histories [-- --keep NAME]`: records the workflow histories that test/replay replays in `npm test`.
 * Starts the real services as the integration tests do (like bench/support.ts), drives each scenario
 * (record-scenarios.ts) and writes each run's history as `temporal workflow show --output json` does, plus index.json
 * naming each file's workflow type, id and run. `--keep NAME` first moves the current set to histories/NAME/, which
 * the replay test keeps replaying: do that after a deliberate, patched change, until the old runs have drained
 * (docs/ARCHITECTURE.md, "Changing a workflow").
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Client } from '@temporalio/client';
import { ROOT } from '../dev/launcher/paths';
import { ensureTemporalCli } from '../dev/launcher/temporal-server';
import type { chainScannerWorkflow } from '../src/workflows/chain-scanner';
import { chainScannerWorkflowId } from '../src/domain/keys';
import type { Config } from '../src/config/env';
import { createTestContext, type TestContext } from '../test/support/harness';
import { TEST_ENV } from '../test/support/services';
import { startServices } from '../test/support/start-services';
import { eventually } from '../test/support/wait';
import { ACK, FAIL, WebhookReceiver } from '../test/support/webhook-receiver';
import { runChain, scenarios, type RunToRecord } from './record-scenarios';

const DIR = path.join(ROOT, 'test/replay/histories');
/**
 * The server suggests continue-as-new at 4 Ki events by default, which a headless intent waiting for gas reaches after
 * hours; this low value has the first run end after a few re-checks.
 */
const SUGGEST_CONTINUE_AS_NEW_EVENTS = 60;
/** The scanner's runs are 500 steps long in production; a few keep its recorded runs small. */
const SCANNER_STEPS_PER_RUN = 4;
/** Every wait of the scenarios in seconds, not hours. */
const ENV = {
  WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1,1,1',
  WEBHOOK_TIMEOUT_MS: '1000',
  HELD_APPROVAL_RETRY_SECONDS: '1',
  OUTBOX_RELAY_SECONDS: '1',
  GAS_RECHECK_SECONDS: '1',
  PRICE_RETRY_SECONDS: '1',
};

/** One line of index.json: what the replay test needs besides the history (histories carry no workflow id). */
export interface IndexEntry {
  file: string;
  workflowType: string;
  workflowId: string;
  runId: string;
  events: number;
  bytes: number;
  shows: string;
}

type HistoryEventJson = { workflowExecutionStartedEventAttributes?: { workflowType?: { name?: string } } };

/** Started before the worker, which then attaches to it (USE_EXISTING) instead of starting a 500-step one. */
async function startScanner(ctx: TestContext): Promise<{ workflowId: string; firstRunId: string }> {
  const chainId = ctx.services.registry.chainId;
  const workflowId = chainScannerWorkflowId(ctx.config.TEMPORAL_TASK_QUEUE, chainId);
  const handle = await ctx.temporal.client.workflow.start<typeof chainScannerWorkflow>('chainScannerWorkflow', {
    workflowId,
    taskQueue: ctx.config.TEMPORAL_TASK_QUEUE,
    args: [{ chainId, pollMs: ctx.config.CHAIN_POLL_MS, maxBlocks: ctx.config.SCAN_MAX_BLOCKS, stepsPerRun: SCANNER_STEPS_PER_RUN }],
  });
  return { workflowId, firstRunId: handle.firstExecutionRunId };
}

/** The scanner's first two runs: one started afresh, one started by the continue-as-new; both ended in one. */
async function scannerRuns(client: Client, { workflowId, firstRunId }: { workflowId: string; firstRunId: string }): Promise<RunToRecord[]> {
  const runs = await eventually(() => runChain(client, workflowId, firstRunId, 3).catch(() => null), 60_000, 'two scanner runs');
  const shows = 'scan steps with poll sleeps, then continue-as-new';
  return [
    { name: 'chain-scanner-run1', workflowId, runId: runs[0]!, shows },
    { name: 'chain-scanner-run2', workflowId, runId: runs[1]!, shows: `started by continue-as-new: ${shows}` },
  ];
}

/**
 * Each run's history exactly as `temporal workflow show --output json` prints it (the format the Temporal docs and the
 * SDK's replay accept), written by that command rather than re-serialised here.
 */
function write(config: Config, runs: RunToRecord[]): IndexEntry[] {
  const cli = ensureTemporalCli();
  const index: IndexEntry[] = [];
  for (const run of runs) {
    const args = ['workflow', 'show', '--address', config.TEMPORAL_ADDRESS, '--namespace', config.TEMPORAL_NAMESPACE];
    const json = execFileSync(cli, [...args, '--workflow-id', run.workflowId, '--run-id', run.runId, '--output', 'json'], { encoding: 'utf8' });
    const events = (JSON.parse(json) as { events: HistoryEventJson[] }).events;
    const file = `${run.name}.json`;
    writeFileSync(path.join(DIR, file), json);
    const workflowType = events[0]?.workflowExecutionStartedEventAttributes?.workflowType?.name ?? 'unknown';
    index.push({ file, workflowType, workflowId: run.workflowId, runId: run.runId, events: events.length, bytes: Buffer.byteLength(json), shows: run.shows });
  }
  writeFileSync(path.join(DIR, 'index.json'), `${JSON.stringify(index, null, 2)}\n`);
  return index;
}

/** Moves the current set (its index and files) to histories/NAME/, so it stays replayed next to the new one. */
function keepCurrent(name: string): void {
  const to = path.join(DIR, name);
  if (existsSync(to)) throw new Error(`${to} exists already`);
  mkdirSync(to);
  for (const f of readdirSync(DIR).filter((n) => n.endsWith('.json'))) renameSync(path.join(DIR, f), path.join(to, f));
}

/** Only this set's files: kept sets in subfolders are left alone. */
function clearCurrent(): void {
  mkdirSync(DIR, { recursive: true });
  for (const f of readdirSync(DIR).filter((n) => n.endsWith('.json'))) rmSync(path.join(DIR, f));
}

async function main(): Promise<void> {
  const keepAt = process.argv.indexOf('--keep');
  if (keepAt >= 0) keepCurrent(process.argv[keepAt + 1] ?? '');
  const { services, stop } = await startServices({ dynamicConfig: { 'limit.historyCount.suggestContinueAsNew': SUGGEST_CONTINUE_AS_NEW_EVENTS } });
  process.env[TEST_ENV] = JSON.stringify(services);
  const ctx = await createTestContext({ env: ENV });
  const receiver = await new WebhookReceiver().start();
  receiver.answer(() => ACK);
  const deadReceiver = await new WebhookReceiver().start();
  deadReceiver.answer(() => FAIL);
  try {
    const scanner = await startScanner(ctx);
    await ctx.startWorker();
    const runs: RunToRecord[] = [];
    for (const [name, scenario] of Object.entries(scenarios(ctx, receiver, deadReceiver))) {
      console.error(`recording ${name}`);
      runs.push(...(await scenario()));
    }
    runs.push(...(await scannerRuns(ctx.temporal.client, scanner)));
    clearCurrent();
    for (const e of write(ctx.config, runs)) console.error(`${e.file}: ${e.workflowType}, ${e.events} events, ${e.bytes} bytes`);
  } finally {
    await deadReceiver.stop();
    await receiver.stop();
    await ctx.close();
    await stop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
