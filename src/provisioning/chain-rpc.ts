import { Contract } from 'ethers';
import type { ChainProviders } from '../adapters/chains';
import type { Db } from '../adapters/db';
import { RegistryInputError } from '../domain/registry-input';
import { evmInstanceOf, openScanCursor, registerChainInstance } from './chain-instance';

/**
 * What the CLI learned of a chain's RPC (its URL stays in CHAIN_RPC_URLS and is never printed). 'not checked': a TRON
 * chain, whose node speaks another API than EVM JSON-RPC.
 */
export type RpcState = 'up' | 'unreachable' | 'not configured' | 'not checked';

const PROBE_TIMEOUT_MS = 5_000;

function within<T>(p: Promise<T>, ms = PROBE_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Asks the configured RPC of `chainId` for its chain id. An RPC that answers for another network is refused before
 * anything is written: signing there with this chain's nonces and registry would send money to the wrong place.
 */
export async function probeRpc(chains: ChainProviders, chainId: number): Promise<RpcState> {
  const provider = chains.get(chainId);
  if (!provider) return 'not configured';
  let answered: string;
  try {
    answered = await within(provider.send('eth_chainId', []) as Promise<string>);
  } catch {
    return 'unreachable';
  }
  if (Number(answered) !== chainId) throw new RegistryInputError(`the CHAIN_RPC_URLS entry of chain ${chainId} answers for chain ${Number(answered)}`);
  return 'up';
}

/**
 * A chain just registered with its RPC at hand: its instance is recorded and its scan cursor opened at the head, so a
 * deposit to any address offered from now on lies ahead of the scanner. Without an RPC the worker does both at its
 * next start, before the chain's scanner runs. Returns the block the scanner starts from.
 */
export async function openChain(db: Db, chains: ChainProviders, chainId: number): Promise<number> {
  const provider = chains.require(chainId);
  await registerChainInstance(db, chainId, await evmInstanceOf(provider), { retire: false });
  await openScanCursor(db, chainId, provider);
  return (await db.chainCursor.findUniqueOrThrow({ where: { chainId } })).nextBlock;
}

/** The token's decimals() as its contract answers, or null when the chain or the call cannot be reached. */
export async function onChainDecimals(chains: ChainProviders, chainId: number, address: string): Promise<number | null> {
  const provider = chains.get(chainId);
  if (!provider) return null;
  try {
    const contract = new Contract(address, ['function decimals() view returns (uint8)'], provider);
    return Number(await within(contract.getFunction('decimals')() as Promise<bigint>));
  } catch {
    return null;
  }
}
