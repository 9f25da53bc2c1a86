import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  body: string;
  headers: http.IncomingHttpHeaders;
  at: number;
}

export interface Reply {
  status?: number;
  body?: string;
  /** Answer only after this long (to test timeouts). */
  delayMs?: number;
}

/** A real HTTP receiver on 127.0.0.1 that records every request and answers as the test scripts it. */
export class WebhookReceiver {
  readonly received: Received[] = [];
  private reply: (n: number, r: Received) => Reply = () => ({ status: 200, body: '{"error":0,"description":"ok"}' });
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = { body: Buffer.concat(chunks).toString('utf8'), headers: req.headers, at: Date.now() };
      this.received.push(r);
      // Numbered per event, so a straggler of another event never shifts a test's script.
      const n = this.received.filter((x) => x.headers['x-event-id'] === r.headers['x-event-id']).length;
      const { status = 200, body = '', delayMs = 0 } = this.reply(n, r);
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' }).end(body);
      }, delayMs);
    });
  });

  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
    return this;
  }

  /** Scripts the answers: n is the 1-based number of the request for its event (X-Event-Id). */
  answer(fn: (n: number, r: Received) => Reply): void {
    this.reply = fn;
  }

  reset(): void {
    this.received.length = 0;
  }

  async waitFor(count: number, timeoutMs = 30_000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline) throw new Error(`receiver got ${this.received.length} of ${count} requests`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return this.received;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export const ACK = { status: 200, body: '{"error":0,"description":"ok"}' };
export const FAIL = { status: 500, body: '{"error":1,"description":"down"}' };
