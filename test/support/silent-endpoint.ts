import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** An endpoint that accepts the connection and never answers (a hung node); `path` is appended to its URL. */
export async function silentEndpoint(path = ''): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
