import type { AddressInfo } from 'node:net';
import express from 'express';
import { createTestContext, type TestContext } from '../test/support/harness';
import { TEST_ENV, type TestServices } from '../test/support/services';
import { startServices } from '../test/support/start-services';
import { WebhookReceiver } from '../test/support/webhook-receiver';

export interface Bench {
  services: TestServices;
  ctx: TestContext;
  receiver: WebhookReceiver;
}

/**
 * Runs one benchmark on the real services (the integration tests' start-up): Temporal, PostgreSQL, hardhat, a
 * worker (unless `worker: false`), the second dev chain (geth) registered too with `secondChain`, the API in-process and a local webhook receiver; stops everything after and exits with its outcome.
 */
export function runBench(env: Record<string, string>, body: (b: Bench) => Promise<void>, opts: { worker?: boolean; secondChain?: boolean } = {}): void {
  const main = async () => {
    const { services, stop } = await startServices();
    process.env[TEST_ENV] = JSON.stringify(services);
    const ctx = await createTestContext({ worker: opts.worker ?? true, env, secondChain: opts.secondChain });
    const receiver = await new WebhookReceiver().start();
    try {
      await body({ services, ctx, receiver });
    } finally {
      await receiver.stop();
      await ctx.close();
      await stop();
    }
  };
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}

/** Polls `done` every `everyMs` until it holds; a wait past `ms` fails the benchmark naming `what`. */
export async function waitFor(what: string, done: () => boolean | Promise<boolean>, ms = 120_000, everyMs = 10): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`benchmark gave up waiting ${ms / 1000} s for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** How many passes a short figure and its baseline each get (BENCH_PASSES, 3 unless set). */
export const PASSES = Number(process.env.BENCH_PASSES ?? 3);

/**
 * PASSES passes of the baseline and of the figure in turn, baseline first, so both see the same moments of the
 * machine: one 10 s pass of the same code on these 2-core machines read 0.45 to 0.55 of one baseline measured minutes
 * earlier, from one run to the next. The caller reports the median of each.
 */
export async function alternating<B, V>(baseline: () => Promise<B>, figure: (pass: number) => Promise<V>): Promise<{ baselines: B[]; values: V[] }> {
  const baselines: B[] = [];
  const values: V[] = [];
  for (let pass = 1; pass <= PASSES; pass++) {
    baselines.push(await baseline());
    values.push(await figure(pass));
  }
  return { baselines, values };
}

/** The median of durations or rates. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The nearest-rank percentile `p` (0-100) of the values: the p95 of 20 is the 19th smallest. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** "median 2.41 s, min 2.33 s, max 3.46 s" of durations in milliseconds. */
export function spread(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const s = (v: number) => `${(v / 1000).toFixed(2)} s`;
  return `median ${s(sorted[Math.floor(sorted.length / 2)]!)}, p95 ${s(percentile(ms, 95))}, min ${s(sorted[0]!)}, max ${s(sorted.at(-1)!)}`;
}

/**
 * Serves a page's bytes as static files from a bare Express app (no middleware of ours): the baseline of the widget's
 * and the panel's interactive times. `files` maps each path to its content type and bytes; answers the server's origin.
 */
export async function bareStatic(files: Record<string, { type: string; body: Buffer }>): Promise<{ origin: string; close: () => void }> {
  const app = express();
  for (const [path, { type, body }] of Object.entries(files)) app.get(path, (_req, res) => res.type(type).send(body));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}
