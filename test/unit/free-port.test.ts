import { readFileSync } from 'node:fs';
import net from 'node:net';
import { freePort } from '../../src/adapters/free-port';

/** The TCP states of local port `port` on 127.0.0.1 (/proc/net/tcp: state 06 is TIME_WAIT). */
function statesOf(port: number): string[] {
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  return readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1).map((l) => l.trim().split(/\s+/)).filter((f) => f[1] === local).map((f) => f[3]!);
}

const listen = (port: number) =>
  new Promise<net.Server>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(port, '127.0.0.1', () => resolve(srv));
  });

describe('freePort', () => {
  it('When it answers a port, Then the port is held in TIME_WAIT (no bind to port 0 is handed it meanwhile) and a server can still listen on it', async () => {
    const port = await freePort();
    expect(statesOf(port)).toContain('06');
    const srv = await listen(port);
    expect((srv.address() as net.AddressInfo).port).toBe(port);
    await new Promise((r) => srv.close(r));
  });

  it('When 50 are taken at once, Then they are 50 different ports', async () => {
    const ports = await Promise.all(Array.from({ length: 50 }, () => freePort()));
    expect(new Set(ports).size).toBe(50);
  });
});
