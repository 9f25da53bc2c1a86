import net, { type AddressInfo } from 'node:net';
import { startProcess, tcpOpen, waitFor, type Managed } from '../../dev/launcher/processes';
import { freePort } from '../../src/adapters/free-port';

describe('waitFor', () => {
  const started: Managed[] = [];
  const sleeper = () => {
    const proc = startProcess('sleeper', process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    started.push(proc);
    return proc;
  };
  afterEach(async () => {
    await Promise.all(started.splice(0).map((p) => p.stop()));
  });

  it('stops the process it waited on when the check never passes: a failed start leaves nothing running', async () => {
    const proc = sleeper();
    await expect(waitFor('sleeper', async () => false, 300, proc)).rejects.toThrow('sleeper: not ready after 300 ms');
    expect(proc.child.exitCode !== null || proc.child.signalCode !== null).toBe(true);
  });

  it('leaves the process running when the check passes', async () => {
    const proc = sleeper();
    await waitFor('sleeper', async () => true, 300, proc);
    expect(proc.child.exitCode).toBeNull();
    expect(proc.child.signalCode).toBeNull();
  });
});

describe('tcpOpen', () => {
  let server: net.Server;
  let port: number;
  beforeAll(async () => {
    server = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** The process busy for `ms` with nothing else running: what a workflow bundle's build does beside the probe. */
  const busy = (ms: number) => {
    const until = Date.now() + ms;
    while (Date.now() < until);
  };

  it('answers true for a listening port even when the process was busy past the timeout', async () => {
    // The connect completed while the loop was blocked; the timeout's timer runs before the loop reads it. Read as
    // "nothing listens", every test shard of a CI run started an embedded PostgreSQL beside the machine's own.
    const open = tcpOpen('127.0.0.1', port, 50);
    busy(300);
    expect(await open).toBe(true);
  });

  it('answers false for a closed port without waiting for its timeout (a minute here, past the test timeout)', async () => {
    expect(await tcpOpen('127.0.0.1', await freePort(), 60_000)).toBe(false);
  });
});
