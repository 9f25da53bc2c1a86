import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../src/adapters/free-port';
import { ensureTemporalCli, readDevServerSettings, startTemporalDevServer, stopLeftoverDevServer } from '../../dev/launcher/temporal-server';

/** A process's group, from /proc (field 5 of its stat line, after the command in parentheses). */
const processGroup = (pid: number | 'self') => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[2]);

async function devServer(ownProcessGroup: boolean) {
  const settings = { ...readDevServerSettings(), port: await freePort(), uiPort: null, dbFilename: undefined };
  const logFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'launcher-temporal-')), 'temporal.log');
  return startTemporalDevServer(ensureTemporalCli(), settings, logFile, { ownProcessGroup });
}

describe("the launcher's Temporal dev server", () => {
  it('When started in a process group of its own (as `npm start` does), Then it is out of its starter\'s process group, which Ctrl-C signals, and its stop() still ends it', async () => {
    const own = await devServer(true);
    try {
      expect(processGroup(own.child.pid!)).not.toBe(processGroup('self'));
      expect(processGroup(own.child.pid!)).toBe(own.child.pid);
    } finally {
      await own.stop();
    }
    expect(own.child.exitCode !== null || own.child.signalCode !== null).toBe(true);
    // Without it (the test services), the server shares its starter's group, as every other child does.
    const shared = await devServer(false);
    try {
      expect(processGroup(shared.child.pid!)).toBe(processGroup('self'));
    } finally {
      await shared.stop();
    }
  });

  it('When an earlier launcher was killed outright and its server still runs, Then the next start ends it by its pid file; a pid file naming another program leaves that alone', async () => {
    const leftover = await devServer(true);
    const pidFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'launcher-pid-')), 'temporal.pid');
    try {
      writeFileSync(pidFile, String(leftover.child.pid));
      const said: string[] = [];
      await stopLeftoverDevServer(pidFile, (m) => said.push(m));
      expect(existsSync(`/proc/${leftover.child.pid}/cmdline`) && readFileSync(`/proc/${leftover.child.pid}/cmdline`, 'utf8').includes('start-dev')).toBe(false);
      expect(said.join()).toContain('still running');
    } finally {
      await leftover.stop();
    }
    // Our own pid in the file: not a Temporal server, so nothing is signalled (this test would not go on otherwise).
    writeFileSync(pidFile, String(process.pid));
    const said: string[] = [];
    await stopLeftoverDevServer(pidFile, (m) => said.push(m));
    expect(said).toEqual([]);
  });
});
