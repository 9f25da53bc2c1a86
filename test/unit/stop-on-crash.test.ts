import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Runs a driver in its own process: it registers a stop that writes `marker`, then does `then`. */
function driver(then: string): { status: number | null; stopped: string | null; stderr: string } {
  const marker = path.join(mkdtempSync(path.join(os.tmpdir(), 'stop-on-crash-')), 'stopped');
  const helper = path.resolve(__dirname, '../../dev/launcher/processes.ts');
  const script = `
    const { writeFileSync } = require('node:fs');
    const { stopOnCrash } = require(${JSON.stringify(helper)});
    const withdraw = stopOnCrash(async () => {
      await new Promise((r) => setTimeout(r, 50));
      writeFileSync(${JSON.stringify(marker)}, 'services stopped');
    }, (m) => console.error(m));
    ${then}
  `;
  const r = spawnSync(path.resolve(__dirname, '../../node_modules/.bin/tsx'), ['-e', script], { encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stopped: existsSync(marker) ? readFileSync(marker, 'utf8') : null, stderr: r.stderr };
}

describe('stopOnCrash', () => {
  it('When a rejection nothing awaits ends the driver, Then the services it started are stopped first and it exits 1', () => {
    const r = driver(`setTimeout(() => Promise.reject(new Error('provider destroyed')), 10);`);
    expect(r.stopped).toBe('services stopped');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('provider destroyed');
  });

  it('When an exception is thrown from a timer, Then the same', () => {
    const r = driver(`setTimeout(() => { throw new Error('from a timer'); }, 10);`);
    expect(r.stopped).toBe('services stopped');
    expect(r.status).toBe(1);
  });

  it('When the driver withdrew it after stopping them itself, Then a later crash stops nothing twice', () => {
    const r = driver(`withdraw(); setTimeout(() => Promise.reject(new Error('after the stop')), 10);`);
    expect(r.stopped).toBeNull();
    expect(r.stderr).toContain('after the stop');
  });
});
