import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import autocannon from 'autocannon';

/**
 * autocannon at 16 connections for 10 s (a 2 s warm-up first): mean requests/s of 2xx answers and p99 in ms. With
 * BENCH_PROFILE=<name>, the measured 10 s are CPU-profiled (see profiled), unless `profile` is false (a baseline's pass).
 */
export interface LoadFigures {
  rate: number;
  p99: number;
}

export async function load(url: string, json: unknown, headers: Record<string, string> = {}, profile = true): Promise<LoadFigures> {
  const opts = { url, method: 'POST' as const, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(json), connections: 16 };
  await autocannon({ ...opts, duration: 2 });
  const measured = () => autocannon({ ...opts, duration: 10 });
  const r = await (profile ? profiled(measured) : measured());
  if (r.non2xx > 0 || r.errors > 0) {
    const codes = Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => `${code}×${s.count}`).join(', ');
    throw new Error(`${url}: ${r.non2xx} non-2xx answers (${codes}) and ${r.errors} errors under load`);
  }
  return { rate: r['2xx'] / 10, p99: r.latency.p99 };
}

/** Runs `body`; with BENCH_PROFILE=<name>, CPU-profiles this process meanwhile into .data/<name>.cpuprofile. */
export async function profiled<T>(body: () => Promise<T>): Promise<T> {
  if (!process.env.BENCH_PROFILE) return body();
  const profiler = new Session();
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
  try {
    return await body();
  } finally {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(path.join(__dirname, '..', '.data', `${process.env.BENCH_PROFILE}.cpuprofile`), JSON.stringify(profile));
    profiler.disconnect();
  }
}
