import { execFile } from 'node:child_process';
import path from 'node:path';
import { runDevCli } from '../../dev/cli/dev-cli';
import { testServices } from './services';

const ROOT = path.resolve(__dirname, '../..');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON; throws when it is not exactly one JSON value. */
  json: any;
}

const parsed = (stdout: string): any => {
  try {
    return JSON.parse(stdout);
  } catch {
    return undefined;
  }
};

/**
 * The provisioning CLI as `npm run --silent cli -- ...` runs it (dev/cli/main.ts: the dev commands, .data/dev.env
 * filling what `env` leaves unset), inside the calling process (a test's, restart-check's): the same code and answer
 * with no process start (a start cost about a third of a CPU-second, a few hundred times a CI run). Nothing it logs
 * is captured (`stderr` is empty): a test of what the process prints or leaks runs it with runCliProcess.
 */
export async function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  let stdout = '';
  const code = await runDevCli(args, { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, (text) => {
    stdout += text;
  });
  return { code, stdout, stderr: '', json: parsed(stdout) };
}

/**
 * Runs the provisioning CLI as operators' service team would (`npm run --silent cli -- ...`), with an explicit env:
 * the same sources, bundled once per run by the global setup (`cliScript`) and run with node.
 */
export function runCliProcess(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [testServices().cliScript, ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        resolve({ code, stdout, stderr, json: parsed(stdout) });
      },
    );
  });
}
