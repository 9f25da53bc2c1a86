import type { Logger } from '../../src/adapters/logger';
import { TronNode } from '../../src/adapters/tron-node';
import { startDevTron, TRON_STANDIN_CHAIN_ID, upsertDevTronChain } from '../devchain/tron-standin/dev-tron';
import { registerChainInstance } from '../../src/provisioning/chain-instance';
import { launcherDb } from './launcher-db';

/** java-tron's default HTTP API port. */
const DEV_TRON_PORT = 8090;
const DEV_TRON_BLOCK_MS = 1000;

/**
 * The TRON STAND-IN for `npm start` (docs/tron.md), unless TRON_RPC_URLS names real nodes: registry rows, a new chain
 * instance each start (the earlier run's unfinished TRON transactions and deposits are retired, as on the dev EVM
 * chain), and TRON_RPC_URLS for the services. It runs inside the launcher's process.
 */
export async function devTron(stops: Array<{ name: string; stop: () => Promise<void> }>, databaseUrl: string, bankrollAddress: string, log: Logger): Promise<Record<string, string>> {
  // Development only: with real EVM networks configured (CHAIN_RPC_URLS), no stand-in is invented beside them.
  if (process.env.TRON_RPC_URLS !== undefined || process.env.CHAIN_RPC_URLS) return {};
  const tron = await startDevTron({ bankrollEvmAddress: bankrollAddress, blockMs: DEV_TRON_BLOCK_MS, port: DEV_TRON_PORT });
  stops.push({ name: 'tron stand-in', stop: tron.standIn.stop });
  const db = launcherDb(databaseUrl);
  try {
    await upsertDevTronChain(db, tron);
    const genesis = (await new TronNode(tron.standIn.url).block(0))!.blockID;
    const instance = await registerChainInstance(db, TRON_STANDIN_CHAIN_ID, { genesisHash: genesis }, { retire: true });
    log.info('tron stand-in instance', { chainId: TRON_STANDIN_CHAIN_ID, ...instance });
  } finally {
    await db.$disconnect();
  }
  log.info('tron stand-in ready', { chainId: TRON_STANDIN_CHAIN_ID, port: DEV_TRON_PORT, usdt: tron.usdt, fund: 'POST /standin/fund { address, amount }' });
  return { TRON_RPC_URLS: `${TRON_STANDIN_CHAIN_ID}=${tron.standIn.url}` };
}
