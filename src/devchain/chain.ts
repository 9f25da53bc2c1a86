import { JsonRpcProvider, toQuantity } from 'ethers';
import { DEV_CHAIN } from './spec';

/**
 * Accounts of hardhat's node ("test test ... junk" mnemonic). The node holds their keys and signs for them
 * (eth_sendTransaction), so no key lives in this code and the node numbers the nonces: dev commands run in separate
 * CLI processes at the same time without colliding.
 */
export const DEPLOYER_ACCOUNT = 0;
export const DEPOSITOR_ACCOUNT = 1;

/** Runs `fn` with a provider for the node of `chainId` (default: the first dev chain) and always closes it, so a CLI process can exit. */
export async function withProvider<T>(nodeUrl: string, fn: (provider: JsonRpcProvider) => Promise<T>, chainId = DEV_CHAIN.chainId): Promise<T> {
  // Static network: no detection loop that retries forever when the node is down. No cache: dev commands read
  // balances and block numbers right after changing them.
  const provider = new JsonRpcProvider(nodeUrl, chainId, { staticNetwork: true, cacheTimeout: -1, pollingInterval: 50 });
  try {
    return await fn(provider);
  } finally {
    provider.destroy();
  }
}

export async function setNativeBalance(provider: JsonRpcProvider, address: string, raw: bigint): Promise<void> {
  await provider.send('hardhat_setBalance', [address, toQuantity(raw)]);
}
