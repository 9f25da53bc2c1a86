/**
 * The baselines every benchmark is compared with, measured first in `npm run bench` on the same machine and the same
 * services: what a bare Express 5 handler writing one row through a `pg` pool serves (16 connections, 10 s), and how
 * many bare workflows (one no-op activity) the Temporal dev server completes per second on one worker.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Client, Connection } from '@temporalio/client';
import { bundleWorkflowCode, DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import express from 'express';
import { Pool } from 'pg';
import { createDatabaseIfMissing, dropDatabase, withDatabase } from '../dev/launcher/postgres';
import { TASK_POLLING } from '../src/temporal/polling';
import { startServices } from '../test/support/start-services';
import { load } from './load';
import { saveBaselines } from './result';
import type { bareWorkflow } from './bare-workflow';

const WORKFLOWS = Number(process.env.BENCH_BARE_WORKFLOWS ?? 400);
const POOL_SIZE = 10; // DB_POOL_SIZE's default: the gateway's own pool is no larger

/** Requests per second and p99 of a bare Express handler inserting one row per request. */
async function expressPg(pgAdminUrl: string): Promise<{ rate: number; p99: number }> {
  const dbName = `gw_bench_bare_${randomBytes(4).toString('hex')}`;
  await createDatabaseIfMissing(pgAdminUrl, dbName);
  const pool = new Pool({ connectionString: withDatabase(pgAdminUrl, dbName), max: POOL_SIZE });
  // Dropping the database ends its connections; an idle one's error must not end the run.
  pool.on('error', () => undefined);
  await pool.query('CREATE TABLE rows (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), body jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())');
  const app = express();
  app.post('/rows', express.json(), async (req, res) => {
    const { rows } = await pool.query<{ id: string }>('INSERT INTO rows (body) VALUES ($1) RETURNING id', [req.body]);
    res.status(201).json({ id: rows[0]!.id });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    return await load(`http://127.0.0.1:${(server.address() as AddressInfo).port}/rows`, { externalUserId: 'user-42', lang: 'en' });
  } finally {
    server.close();
    await pool.end();
    await dropDatabase(pgAdminUrl, dbName);
  }
}

/** Bare workflows completed per second: WORKFLOWS started at once on one worker (polling as the gateway's does), timed until all have completed. */
async function temporalRate(address: string): Promise<number> {
  const taskQueue = `bench-bare-${randomBytes(4).toString('hex')}`;
  const bundle = await bundleWorkflowCode({ workflowsPath: require.resolve('./bare-workflow'), logger: { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {} } });
  const nativeConnection = await NativeConnection.connect({ address });
  const worker = await Worker.create({ connection: nativeConnection, taskQueue, workflowBundle: bundle, activities: { noop: async () => {} }, ...TASK_POLLING });
  const running = worker.run();
  const connection = await Connection.connect({ address });
  const client = new Client({ connection });
  const round = async (n: number) => {
    const handles = await Promise.all(
      Array.from({ length: n }, () => client.workflow.start<typeof bareWorkflow>('bareWorkflow', { taskQueue, workflowId: `bare-${randomBytes(8).toString('hex')}` })),
    );
    await Promise.all(handles.map((h) => h.result()));
  };
  try {
    await round(20);
    const started = performance.now();
    await round(WORKFLOWS);
    return WORKFLOWS / ((performance.now() - started) / 1000);
  } finally {
    worker.shutdown();
    await running;
    await nativeConnection.close();
    await connection.close();
  }
}

async function main(): Promise<void> {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const { services, stop } = await startServices();
  try {
    const bare = await expressPg(services.pgAdminUrl);
    const temporal = await temporalRate(services.temporalAddress);
    saveBaselines({ expressPgRate: bare.rate, expressPgP99Ms: bare.p99, temporalRate: temporal });
    console.log(`baseline: bare Express + pg insert ${bare.rate.toFixed(0)} requests/s, p99 ${bare.p99} ms (16 connections, 10 s)`);
    console.log(`baseline: bare Temporal workflows (one no-op activity) ${temporal.toFixed(1)} completed/s (${WORKFLOWS} at once, one worker)`);
  } finally {
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
