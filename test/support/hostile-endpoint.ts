import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Hostility =
  /** 200 and a JSON-looking body of `bytes` bytes, written as fast as the client reads. */
  | { kind: 'huge'; bytes: number }
  /** 200 and a body that never ends, written as fast as the client reads. */
  | { kind: 'endless' }
  /** 200 and one byte every `everyMs`, never ending. */
  | { kind: 'drip'; everyMs: number };

const CHUNK = Buffer.alloc(64 * 1024, 'x');

/** A real HTTP server that answers every request with a hostile body, and counts the bytes it got to send. */
export class HostileEndpoint {
  /** Bytes written into the socket, per request; the client closing early keeps this far below the answer size. */
  readonly sent: number[] = [];
  private timers = new Set<NodeJS.Timeout>();
  private server = http.createServer((req, res) => {
    req.resume();
    const i = this.sent.push(0) - 1;
    res.writeHead(200, { 'content-type': 'application/json' });
    const mode = this.mode;
    if (mode.kind === 'drip') {
      res.write('{');
      const t = setInterval(() => (res.destroyed ? this.clear(t) : res.write(' ')), mode.everyMs);
      this.timers.add(t);
      return;
    }
    const limit = mode.kind === 'huge' ? mode.bytes : Infinity;
    const pump = () => {
      while (!res.destroyed && this.sent[i]! < limit) {
        const chunk = CHUNK.subarray(0, Math.min(CHUNK.length, limit - this.sent[i]!));
        this.sent[i]! += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end();
    };
    pump();
  });

  constructor(private mode: Hostility) {}

  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
    return this;
  }

  async stop(): Promise<void> {
    for (const t of this.timers) this.clear(t);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private clear(t: NodeJS.Timeout): void {
    clearInterval(t);
    this.timers.delete(t);
  }
}
