import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { DATA_DIR, ROOT } from './paths';
import { startProcess, tcpOpen, waitFor, type Managed } from './processes';

const LOCAL_SERVER = 'postgresql://postgres:postgres@127.0.0.1:5432/postgres';

export interface PgServer {
  /** A URL of the server's maintenance database (`postgres`), for CREATE DATABASE. */
  adminUrl: string;
  proc: Managed | null;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** The local server on 127.0.0.1:5432 if it answers, else an embedded one with its data under .data/. */
export async function findOrStartPostgres(opts: { embeddedPort?: number; dataDir?: string; logFile?: string } = {}): Promise<PgServer> {
  if (await tcpOpen('127.0.0.1', 5432)) return { adminUrl: LOCAL_SERVER, proc: null };
  return startEmbeddedPostgres({ port: opts.embeddedPort ?? 54329, dataDir: opts.dataDir ?? path.join(DATA_DIR, 'postgres'), logFile: opts.logFile });
}

/**
 * An embedded PostgreSQL, ready once it answers a query: its port opens while it still refuses connections with
 * "the database system is starting up".
 */
export async function startEmbeddedPostgres(opts: { port: number; dataDir: string; logFile?: string }): Promise<PgServer & { proc: Managed }> {
  mkdirSync(path.dirname(opts.dataDir), { recursive: true });
  // initdb runs as the OS user `postgres`, which must be able to reach the data directory.
  chmodSync(path.dirname(opts.dataDir), 0o755);
  const proc = startProcess('postgres', process.execPath, [path.join(__dirname, 'embedded-postgres.mjs'), opts.dataDir, String(opts.port)], {
    logFile: opts.logFile,
  });
  const adminUrl = `postgresql://postgres:postgres@127.0.0.1:${opts.port}/postgres`;
  await waitFor('embedded PostgreSQL', () => databaseUp(adminUrl), 60_000, proc);
  return { adminUrl, proc };
}

async function withClient<T>(url: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const ident = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe database name ${name}`);
  return `"${name}"`;
};

export async function createDatabaseIfMissing(adminUrl: string, name: string, template?: string): Promise<void> {
  await withClient(adminUrl, async (c) => {
    const { rowCount } = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await c.query(`CREATE DATABASE ${ident(name)}${template ? ` TEMPLATE ${ident(template)}` : ''}`);
  });
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`));
}

/** Applies prisma/migrations with the offline recipe (`prisma migrate deploy` on the JS engine). */
export async function migrate(databaseUrl: string): Promise<void> {
  await promisify(execFile)(path.join(ROOT, 'node_modules/.bin/prisma'), ['migrate', 'deploy'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
}

export async function databaseUp(url: string): Promise<boolean> {
  try {
    await withClient(url, (c) => c.query('SELECT 1'));
    return true;
  } catch {
    return false;
  }
}
