/**
 * Replays the recorded histories (histories/, re-recorded by `npm run record-histories`) against today's workflow code,
 * bundled as the worker bundles it, with no server. A change that makes a workflow issue other commands for a history
 * in flight fails here: that change belongs behind `patched()` (docs/ARCHITECTURE.md, "Changing a workflow").
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { bundleWorkflowCode, DefaultLogger, Runtime, Worker, type WorkflowBundle } from '@temporalio/worker';
import { DeterminismViolationError } from '@temporalio/workflow';
import { readHistory } from './history-json';

interface IndexEntry {
  file: string;
  workflowType: string;
  workflowId: string;
  runId: string;
}

const DIR = path.join(__dirname, 'histories');
const quiet = { log: () => {}, trace: () => {}, debug: () => {}, info: () => {}, warn: () => {}, error: (m: string) => console.error(m) };

/** The current set and every older set kept beside it (histories/<name>/), each with its index.json. */
function historySets(): string[] {
  const kept = readdirSync(DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => path.join(DIR, d.name));
  return [DIR, ...kept].filter((dir) => existsSync(path.join(dir, 'index.json')));
}

const entries = historySets().flatMap((dir) =>
  (JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8')) as IndexEntry[]).map((e) => ({ ...e, path: path.join(dir, e.file) })),
);

const bundle = (workflowsPath: string): Promise<WorkflowBundle> => bundleWorkflowCode({ workflowsPath, logger: quiet });

beforeAll(() => {
  try {
    // The replay worker's state changes would flood the output; keep its warnings and errors.
    Runtime.install({ logger: new DefaultLogger('WARN') });
  } catch {
    // Installed already in this process.
  }
});

describe('recorded histories', () => {
  let workflows: WorkflowBundle;
  beforeAll(async () => {
    workflows = await bundle(require.resolve('../../src/workflows'));
  }, 120_000);

  it('When the index is read, Then it names every history file and covers every recorded workflow type', () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith('.json') && f !== 'index.json');
    expect(entries.filter((e) => path.dirname(e.path) === DIR).map((e) => e.file).sort()).toEqual(files.sort());
    expect(new Set(entries.map((e) => e.workflowType))).toEqual(
      new Set(['headlessWorkflow', 'withdrawalWorkflow', 'payoutWorkflow', 'depositWorkflow', 'webhookDeliveryWorkflow', 'chainScannerWorkflow', 'webhookRelayWorkflow']),
    );
  });

  it('When every history is replayed against src/workflows, Then each replays without a nondeterminism or any other error', async () => {
    const failures: string[] = [];
    const replays = Worker.runReplayHistories(
      { workflowBundle: workflows },
      entries.map((e) => ({ workflowId: e.workflowId, history: readHistory(e.path) })),
    );
    let i = 0;
    for await (const result of replays) {
      const e = entries[i++]!;
      if (result.error) failures.push(`${path.relative(DIR, e.path)} (${e.workflowType}): ${result.error.name}: ${result.error.message}`);
    }
    expect(i).toBe(entries.length);
    expect(failures).toEqual([]);
  }, 120_000);
});

describe('the guard', () => {
  let changed: WorkflowBundle;
  beforeAll(async () => {
    changed = await bundle(require.resolve('./fixtures/changed-workflows'));
  }, 120_000);

  it('When the deposit workflow sweeps before its confirmations (an unpatched reorder), Then its recorded history fails with a DeterminismViolationError', async () => {
    const deposit = entries.find((e) => e.workflowType === 'depositWorkflow')!;
    const replay = Worker.runReplayHistory({ workflowBundle: changed }, readHistory(deposit.path), deposit.workflowId);
    await expect(replay).rejects.toBeInstanceOf(DeterminismViolationError);
    await expect(replay).rejects.toHaveProperty('name', 'DeterminismViolationError');
  }, 120_000);
});
