import type { JsonRpcProvider } from 'ethers';
import type { Db } from '../adapters/db';
import { scannedThrough } from '../store/chain-cursor';

/**
 * The chain's head as far as a confirmation count needs it: the last block the scanner has read when that already
 * reaches `wanted` (the scanner asked the node for it moments ago; no call here), else the node's head. Neither is
 * past the chain's real head, so a count taken from either never exceeds the real one.
 */
export async function headReaching(db: Db, provider: JsonRpcProvider, chainId: number, wanted: number): Promise<number> {
  const scanned = await scannedThrough(db, chainId);
  return scanned !== null && scanned >= wanted ? scanned : provider.getBlockNumber();
}
