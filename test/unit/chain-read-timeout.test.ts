import { ChainProviders } from '../../src/adapters/chains';
import { bankrollBalance } from '../../src/chain/bankroll-balance';
import { RPC_DEFAULTS } from '../../src/config/env';
import { silentEndpoint } from '../support/silent-endpoint';

// A node that accepts the call and never answers: the balance is unknown (fail closed) once the chains' read timeout
// (CHAIN_READ_TIMEOUT_MS) passes, long before the RPC's own failover timeout would.
let hanging: Awaited<ReturnType<typeof silentEndpoint>>;

beforeAll(async () => {
  hanging = await silentEndpoint();
});
afterAll(() => hanging.close());

describe('a chain read with an unknown answer', () => {
  it('When the RPC accepts a balance read but never answers, Then the balance is null once CHAIN_READ_TIMEOUT_MS has passed, not before and not at the RPC timeout', async () => {
    const chains = new ChainProviders({ 1: [hanging.url] }, {}, { ...RPC_DEFAULTS, timeoutMs: 60_000, readTimeoutMs: 1_500 });
    try {
      const started = Date.now();
      const read = bankrollBalance(chains, 1, '0x' + '11'.repeat(20), '0x' + '22'.repeat(20))();
      let timer: NodeJS.Timeout | undefined;
      const answered = await Promise.race([read, new Promise<'still waiting'>((resolve) => (timer = setTimeout(() => resolve('still waiting'), 20_000)))]);
      clearTimeout(timer);
      expect(answered).toBeNull();
      // A timer never fires early: an answer before 1.5 s would be a deadline other than the one configured.
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_450);
    } finally {
      chains.destroy();
    }
  });
});
