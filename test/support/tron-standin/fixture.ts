import type { Db } from '../../../src/adapters/db';
import { startDevTron, TRON_STANDIN_CHAIN_ID, upsertDevTronChain, type DevTron } from '../../../dev/devchain/tron-standin/dev-tron';

export { TRON_STANDIN_CHAIN_ID };
export type TronFixture = DevTron;

/**
 * Blocks for files that reconcile TRON: reconcile reads the bankroll's balances between two reads of the head and
 * retries while a block came in between, for up to 30 s (src/reconcile/tron.ts). TRON seals every 3 s; at the default
 * 250 ms, in CI beside the other shards, the reconcile CLI's reads outlasted a block on every attempt ("TRON balances
 * could not be read within one block").
 */
export const RECONCILE_BLOCK_MS = 1000;

/** The TRON stand-in as `npm start` sets it up (dev/devchain/tron-standin/dev-tron.ts), blocks every `blockMs`, a free port. */
export function startTronFixture(bankrollEvmAddress: string, blockMs = 250): Promise<TronFixture> {
  return startDevTron({ bankrollEvmAddress, blockMs });
}

/** The registry rows of the stand-in chain, as a provisioning tool would write them. */
export function registerTronChain(db: Db, f: TronFixture): Promise<void> {
  return upsertDevTronChain(db, f);
}
