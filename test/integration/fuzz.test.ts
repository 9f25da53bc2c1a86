import { errorCodesSeen, runFuzz } from '../../fuzz/run';
import { endpointGroups } from '../../src/http/endpoints';
import { createTestContext, type TestContext } from '../support/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ worker: true });
});
afterAll(() => ctx.close());

// The short form of `npm run fuzz` (fuzz/main.ts): same generator, same checks, a fixed seed of its own.
it('When 3000 hostile requests hit every route, Then none answers 5xx, every error is in the contract format, and refused batches write no row', async () => {
  const f = await runFuzz(ctx, { seed: 7, requests: 3000, batchSize: 250 });
  expect(f.failures).toEqual([]);
  expect(f.requests).toBe(3000);
  // Every declared endpoint is among the routes read from the app, so none escapes the fuzz.
  expect(f.routes).toBe(endpointGroups.flatMap((g) => g.endpoints).length);
  // The generator reaches past authentication and validation, not only the front door.
  expect(errorCodesSeen(f)).toEqual(expect.arrayContaining(['400 VALIDATION_ERROR', '401 UNAUTHORIZED', '404 NOT_FOUND', '415 UNSUPPORTED_MEDIA_TYPE', '400 INVALID_JSON']));
  expect(f.checkedBatches).toBeGreaterThan(0);
}, 600_000);
