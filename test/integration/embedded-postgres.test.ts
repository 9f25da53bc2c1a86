import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort, startProcess, tcpOpen, waitFor } from '../../src/launcher/processes';

const ROOT = path.resolve(__dirname, '../..');

describe('embedded PostgreSQL (the launcher\'s fallback on a machine without a server)', () => {
  it('When started on a free port, Then it accepts connections and answers queries, and stops cleanly', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gw-embedded-pg-'));
    chmodSync(dir, 0o755); // initdb runs as the OS user postgres
    const port = await freePort();
    const proc = startProcess('postgres', process.execPath, [path.join(ROOT, 'scripts/embedded-postgres.mjs'), path.join(dir, 'data'), String(port)], {
      logFile: path.join(dir, 'pg.log'),
    });
    try {
      await waitFor('embedded PostgreSQL', () => tcpOpen('127.0.0.1', port), 60_000, proc);
      const client = new Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres` });
      await client.connect();
      const { rows } = await client.query<{ v: string }>('SELECT version() AS v');
      expect(rows[0]!.v).toMatch(/^PostgreSQL \d+/);
      await client.end();
    } finally {
      await proc.stop();
      rmSync(dir, { recursive: true, force: true });
    }
    expect(await tcpOpen('127.0.0.1', port)).toBe(false);
  });
});
