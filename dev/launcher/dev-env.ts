import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DATA_DIR } from './paths';
import { envSchema } from '../../src/config/env';

/** The launcher writes the environment it gave the services here, so the CLI in another shell finds them. */
export const DEV_ENV_FILE = path.join(DATA_DIR, 'dev.env');

/**
 * What the launcher writes: the embedded defaults it gave the services, and the gateway's own variables set in its
 * real environment (CHAIN_RPC_URLS, DATABASE_URL ...), which won for the services too. So the CLI in another shell
 * reaches the same chains, database and Temporal. The signing keys are not gateway variables: never written.
 */
export function devEnvOf(embedded: Record<string, string>, real: NodeJS.ProcessEnv): Record<string, string> {
  const set = Object.keys(envSchema.shape).flatMap((k) => (real[k] === undefined ? [] : [[k, real[k]!]]));
  return { ...embedded, ...Object.fromEntries(set) };
}

export function writeDevEnv(env: Record<string, string>, file = DEV_ENV_FILE): void {
  const lines = Object.entries(env).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
  writeFileSync(file, `# written by the launcher (npm start); secrets, do not commit\n${lines.join('\n')}\n`, { mode: 0o600 });
}

/**
 * Variables from the dev env file for those the environment does not set; the real environment always wins.
 * Not under NODE_ENV=test, so a developer's running launcher never leaks into a test.
 */
export function withDevEnv(env: NodeJS.ProcessEnv, file = DEV_ENV_FILE): NodeJS.ProcessEnv {
  if (env.NODE_ENV === 'test' || !existsSync(file)) return env;
  const fromFile: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (m) fromFile[m[1]!] = JSON.parse(m[2]!) as string;
  }
  return { ...fromFile, ...env };
}
