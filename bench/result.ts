import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What the parts underneath allow on this machine, measured at the start of the same `npm run bench`. */
export interface Baselines {
  /** A bare Express 5 handler writing one row through a `pg` pool, 16 connections, 10 s. */
  expressPgRate: number;
  expressPgP99Ms: number;
  /** Bare workflows (one no-op activity each) the Temporal server completes per second on one worker. */
  temporalRate: number;
}

const FILE = process.env.BENCH_BASELINES ?? path.join(__dirname, '..', '.data', 'bench-baselines.json');

export function saveBaselines(b: Baselines): void {
  writeFileSync(FILE, JSON.stringify(b, null, 2));
}

/** The baselines of this run; a benchmark run on its own measures nothing to compare against, so it stops. */
export function loadBaselines(): Baselines {
  if (!existsSync(FILE)) throw new Error(`no baselines at ${FILE}: run \`npm run bench\` (it measures them first) or tsx bench/baselines.ts`);
  return JSON.parse(readFileSync(FILE, 'utf8')) as Baselines;
}

/**
 * One figure beside its baseline. `higherIsBetter` false (a latency): the ratio is baseline/value, so in every line a
 * higher ratio is better. `target` is the least ratio the figure must reach; a miss is printed and counted.
 */
export function result(r: { name: string; value: number; unit: string; baseline: number; higherIsBetter?: boolean; target?: number }): boolean {
  const ratio = (r.higherIsBetter ?? true) ? r.value / r.baseline : r.baseline / r.value;
  const met = r.target === undefined || ratio >= r.target;
  const verdict = r.target === undefined ? '' : ` target=${Number(r.target.toFixed(3))} ${met ? 'met' : 'MISSED'}`;
  console.log(`RESULT name=${r.name} value=${fmt(r.value)} unit=${r.unit} baseline=${fmt(r.baseline)} ratio=${ratio.toFixed(3)}${verdict}`);
  return met;
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(n < 10 ? 2 : 1));
