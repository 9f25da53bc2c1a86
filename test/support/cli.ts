import { execFile } from 'node:child_process';
import path from 'node:path';
import { testServices } from './services';

const ROOT = path.resolve(__dirname, '../..');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON; throws when it is not exactly one JSON value. */
  json: any;
}

/**
 * Runs the provisioning CLI as operators' service team would (`npm run --silent cli -- ...`), with an explicit env:
 * the same sources, bundled once per run by the global setup (`cliScript`) and run with node.
 */
export function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [testServices().cliScript, ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        let json: any;
        try {
          json = JSON.parse(stdout);
        } catch {
          json = undefined;
        }
        resolve({ code, stdout, stderr, json });
      },
    );
  });
}
