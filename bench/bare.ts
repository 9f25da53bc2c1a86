/**
 * The baselines: what the parts underneath allow, measured by each benchmark in the same process and on the same
 * services as its own figure, in passes alternating with its own (alternating in ./support). A bare Express 5 handler
 * writing one row through a `pg` pool, and bare workflows (one no-op activity each) on one worker.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Client, Connection } from '@temporalio/client';
import { bundleWorkflowCode, NativeConnection, Worker } from '@temporalio/worker';
import express from 'express';
import { Pool } from 'pg';
import { createDatabaseIfMissing, dropDatabase, withDatabase } from '../dev/launcher/postgres';
import { TASK_POLLING } from '../src/temporal/polling';
import { load, type LoadFigures } from './load';
import type { bareWorkflow } from './bare-workflow';

const WORKFLOWS = Number(process.env.BENCH_BARE_WORKFLOWS ?? 400);
const POOL_SIZE = 10; // DB_POOL_SIZE's default: the gateway's own pool is no larger

export interface Bare<T> {
  /** One measured pass. */
  pass(): Promise<T>;
  close(): Promise<void>;
}

/** A bare Express handler inserting one row per request: each pass is `load` (16 connections, 10 s) against it. */
export async function bareExpressPg(pgAdminUrl: string): Promise<Bare<LoadFigures>> {
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
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rows`;
  return {
    pass: () => load(url, { externalUserId: 'user-42', lang: 'en' }, {}, false),
    async close() {
      server.close();
      await pool.end();
      await dropDatabase(pgAdminUrl, dbName);
    },
  };
}

/**
 * Bare workflows completed per second on one worker of their own (polling as the gateway's does): each pass starts
 * WORKFLOWS at once and times them until all have completed, after 20 to warm up.
 */
export async function bareWorkflows(address: string): Promise<Bare<number>> {
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
  return {
    async pass() {
      await round(20);
      const started = performance.now();
      await round(WORKFLOWS);
      return WORKFLOWS / ((performance.now() - started) / 1000);
    },
    async close() {
      worker.shutdown();
      await running;
      await nativeConnection.close();
      await connection.close();
    },
  };
}
