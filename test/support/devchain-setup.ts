import { deployDevChain, type DevChainRegistry } from '../../dev/devchain/deploy';
import { startDevNode } from '../../dev/devchain/node';
import { startRpcProxy } from '../../dev/devchain/rpc-proxy';
import { DEV_CHAIN, type DevChainSpec } from '../../dev/devchain/spec';

export interface DevChainFixture {
  /** The node itself: for tests and dev commands. */
  nodeUrl: string;
  /** The switchable proxy in front of it: the only URL the service is given. */
  rpcUrl: string;
  registry: DevChainRegistry;
  stop(): Promise<void>;
}

/**
 * A dev chain's node (hardhat, or geth for a spec that says so, its data in `dataDir`) with the dev tokens and price
 * feeds deployed, behind an RPC proxy that tests can cut off.
 */
export async function setupDevChain({ nodePort, proxyPort, bankrollAddress, logFile, dataDir, spec = DEV_CHAIN }: {
  spec?: DevChainSpec;
  nodePort: number;
  proxyPort: number;
  bankrollAddress: string;
  logFile?: string;
  dataDir?: string;
}): Promise<DevChainFixture> {
  const node = await startDevNode({ port: nodePort, chainId: spec.chainId, client: spec.client, dataDir, blockIntervalMs: spec.blockIntervalMs, logFile });
  const proxy = await startRpcProxy({ target: node.url, port: proxyPort }).catch(async (err: unknown) => {
    await node.stop();
    throw err;
  });
  const stop = async () => {
    await proxy.stop();
    await node.stop();
  };
  try {
    const registry = await deployDevChain({ nodeUrl: node.url, bankrollAddress, spec });
    return { nodeUrl: node.url, rpcUrl: proxy.url, registry, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
