import type { Db } from '../adapters/db';
import type { TronNode } from '../adapters/tron-node';
import { openScanCursorAt, registerChainInstance } from './chain-instance';

/**
 * A TRON chain's instance and scan cursor, as `registerChainInstance` and `openScanCursor` do for EVM: block 0's id
 * names the network (a node URL pointing at another TRON network is refused), and the scanner starts at the head
 * the first time.
 */
export async function openTronChain(db: Db, chainId: number, node: TronNode): Promise<void> {
  const genesis = await node.block(0);
  if (!genesis) throw new Error(`TRON chain ${chainId}: the node did not return its genesis block`);
  await registerChainInstance(db, chainId, { genesisHash: genesis.blockID }, { retire: false });
  await openScanCursorAt(db, chainId, await node.headNumber());
}
