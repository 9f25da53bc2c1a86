import net from 'node:net';

export interface Backend {
  host: string;
  port: number;
}

export interface FrontProxy {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * One front port spread over several API processes: each new TCP connection goes to the next backend in turn (a
 * backend that refuses it is skipped for the one after it). It works below HTTP, so keep-alive, request bodies and closes pass through
 * untouched: a connection stays on the backend it reached, as behind an L4 load balancer. For `npm start` and the
 * tests; production puts its own load balancer in front (docs/deploy.md).
 */
export function startFrontProxy(backends: Backend[], port: number, host = '127.0.0.1'): Promise<FrontProxy> {
  if (!backends.length) throw new Error('the front proxy needs at least one backend');
  let next = 0;
  const open = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    open.add(s);
    s.once('close', () => open.delete(s));
  };

  const server = net.createServer((client) => {
    track(client);
    client.pause();
    client.on('error', () => client.destroy());
    const connect = (index: number, triesLeft: number) => {
      const backend = backends[index % backends.length]!;
      const upstream = net.connect(backend.port, backend.host);
      track(upstream);
      upstream.once('error', () => {
        upstream.destroy();
        // Not connected yet, so nothing was sent: try the next backend, else give up on this client.
        if (triesLeft > 1 && !client.destroyed) connect(index + 1, triesLeft - 1);
        else client.destroy();
      });
      upstream.once('connect', () => {
        upstream.removeAllListeners('error');
        upstream.on('error', () => client.destroy());
        upstream.once('close', () => client.destroy());
        client.once('close', () => upstream.destroy());
        client.pipe(upstream).pipe(client);
        client.resume();
      });
    };
    connect(next++, backends.length);
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const actual = (server.address() as net.AddressInfo).port;
      resolve({
        url: `http://${host}:${actual}`,
        port: actual,
        stop: () =>
          new Promise<void>((r) => {
            server.close(() => r());
            for (const s of open) s.destroy();
          }),
      });
    });
  });
}
