import express from 'express';
import type { AddressInfo } from 'node:net';
import { createDb, isTransactionTimeout } from '../../src/adapters/db';
import { createLogger } from '../../src/adapters/logger';
import { errorHandler } from '../../src/api/error-handler';
import { createTestContext, type TestContext } from '../support/harness';
import { http } from '../support/http';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** The error a transaction gets when every pooled connection stays busy past its maxWait. */
async function poolExhaustion(): Promise<unknown> {
  const db = createDb(ctx.config.DATABASE_URL, 1, 200);
  try {
    // The holder waits as long as it needs for the one connection (on a loaded machine opening it can take longer than
    // 200 ms) and the second transaction asks only once the holder is inside its own: the order is not left to timing.
    let inside!: () => void;
    const entered = new Promise<void>((r) => (inside = r));
    const holder = db.$transaction(
      async (tx) => {
        inside();
        await tx.$queryRaw`SELECT pg_sleep(3)::text`;
      },
      { maxWait: 30_000, timeout: 30_000 },
    );
    await entered;
    const refused = await db.$transaction((tx) => tx.$queryRaw`SELECT 1`).then(() => null, (err: unknown) => err);
    await holder;
    return refused;
  } finally {
    await db.$disconnect();
  }
}

describe('a busy database', () => {
  it('When every connection stays busy past DB_TX_MAX_WAIT_MS, Then the transaction fails as a recognised timeout, and the API answers 503 SERVICE_UNAVAILABLE with Retry-After, never 500', async () => {
    const err = await poolExhaustion();
    expect(err).not.toBeNull();
    expect(isTransactionTimeout(err)).toBe(true);

    // The same error through the API's one error mapper, on a real HTTP server.
    const app = express();
    app.get('/busy', () => {
      throw err;
    });
    app.use(errorHandler(createLogger({ level: 'error', stream: process.stderr })));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const r = await http(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 'GET', '/busy');
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ errorCode: 'SERVICE_UNAVAILABLE', error: 'Service Unavailable' });
      expect(r.headers.get('retry-after')).toBe('1');
    } finally {
      server.close();
    }
  });
});
