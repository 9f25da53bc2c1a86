import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFrontProxy } from '../../dev/launcher/front-proxy';
import { freePort } from '../../src/adapters/free-port';

/** A backend that answers its own name. */
async function backend(name: string): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end(name));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    }),
  };
}

/** One request on a fresh connection (no keep-alive pool), so each one is a new connection through the proxy. */
function get(url: string, agent?: http.Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    http.get(url, { agent: agent ?? false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve(body));
    }).on('error', reject);
  });
}

describe('the front proxy', () => {
  it('When connections arrive, Then they alternate over the backends, and a kept-alive connection stays on its backend', async () => {
    const [a, b] = [await backend('a'), await backend('b')];
    const front = await startFrontProxy([a, b].map((x) => ({ host: '127.0.0.1', port: x.port })), 0);
    try {
      expect(await Promise.all([get(front.url), get(front.url), get(front.url), get(front.url)])).toEqual(['a', 'b', 'a', 'b']);
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const kept = [];
      for (let i = 0; i < 4; i++) kept.push(await get(front.url, agent));
      expect(new Set(kept).size).toBe(1);
      agent.destroy();
    } finally {
      await front.stop();
      await a.close();
      await b.close();
    }
  });

  it('When a backend is down, Then its connections go to the next one', async () => {
    const a = await backend('a');
    const front = await startFrontProxy([{ host: '127.0.0.1', port: await freePort() }, { host: '127.0.0.1', port: a.port }], 0);
    try {
      expect(await Promise.all([get(front.url), get(front.url), get(front.url)])).toEqual(['a', 'a', 'a']);
    } finally {
      await front.stop();
      await a.close();
    }
  });
});
