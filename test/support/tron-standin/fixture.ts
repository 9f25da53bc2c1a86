import type { Db } from '../../../src/adapters/db';
import { startDevTron, TRON_STANDIN_CHAIN_ID, upsertDevTronChain, type DevTron } from '../../../dev/devchain/tron-standin/dev-tron';

export { TRON_STANDIN_CHAIN_ID };
export type TronFixture = DevTron;

/** The TRON stand-in as `npm start` sets it up (dev/devchain/tron-standin/dev-tron.ts), blocks every `blockMs`, a free port. */
export function startTronFixture(bankrollEvmAddress: string, blockMs = 250): Promise<TronFixture> {
  return startDevTron({ bankrollEvmAddress, blockMs });
}

/** The registry rows of the stand-in chain, as a provisioning tool would write them. */
export function registerTronChain(db: Db, f: TronFixture): Promise<void> {
  return upsertDevTronChain(db, f);
}
