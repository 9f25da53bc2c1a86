import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import type { ApiDeps } from '../api/deps';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

const KEEP_ALIVE_MS = 65_000;

/** Starts the API on host:port (port 0 in tests picks a free one). */
export async function startServer(deps: ApiDeps, port: number, host: string): Promise<RunningServer> {
  const app = createApp(deps);
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(port, host, (err?: Error) => (err ? reject(err) : resolve(s)));
  });
  // Idle connections are kept longer than the clients and balancers in front keep theirs (60 s is common): a server that
  // closes first races the next request sent on that connection, which then fails in transit.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${actual}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
