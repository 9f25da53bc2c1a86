import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../../dev/launcher/postgres';
import { tcpOpen } from '../../dev/launcher/processes';
import { freePort } from '../../src/adapters/free-port';

describe('embedded PostgreSQL (the launcher\'s fallback on a machine without a server)', () => {
  it('When started on a free port, Then it accepts connections and answers queries at once, and stops cleanly', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gw-embedded-pg-'));
    const port = await freePort();
    const pg = await startEmbeddedPostgres({ port, dataDir: path.join(dir, 'data'), logFile: path.join(dir, 'pg.log') });
    try {
      // No retry here: "ready" must mean a client can connect and query, not merely that the port is open.
      const client = new Client({ connectionString: pg.adminUrl });
      await client.connect();
      const { rows } = await client.query<{ v: string }>('SELECT version() AS v');
      expect(rows[0]!.v).toMatch(/^PostgreSQL \d+/);
      await client.end();
    } finally {
      await pg.proc.stop();
      rmSync(dir, { recursive: true, force: true });
    }
    expect(await tcpOpen('127.0.0.1', port)).toBe(false);
  });
});
