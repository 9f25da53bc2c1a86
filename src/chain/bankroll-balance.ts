import { AbiCoder, type JsonRpcProvider } from 'ethers';
import type { ChainProviders } from '../adapters/chains';
import { valueOrNull } from '../adapters/deadline';
import { sharedStartedAfter } from '../adapters/in-flight';
import { evmFromTron, tronFromEvm, tronHex } from '../adapters/tron-address';
import type { TronNode } from '../adapters/tron-node';
import type { BalanceReader } from '../store/liquidity';
import { ERC20 } from './erc20';

/** A balance reader for EarlyBalance: null (unknown, fail closed) without an RPC, on an error or past the deadline. */
export function bankrollBalance(chains: ChainProviders, chainId: number, tokenAddress: string, bankroll: string): BalanceReader {
  return () => valueOrNull(balanceReads(chains)(chainId, tokenAddress, bankroll), chains.readTimeoutMs);
}

const reads = new WeakMap<ChainProviders, (chainId: number, tokenAddress: string, bankroll: string) => Promise<bigint | null>>();

/**
 * The balance reads of one set of providers, shared by the callers that asked before each started (sharedStartedAfter):
 * an answer is still read after its caller's consumption count, which liquidityVerdict needs, and a burst of executes
 * or approvals of one token asks the node a read or two at a time instead of once each.
 */
function balanceReads(chains: ChainProviders) {
  let read = reads.get(chains);
  if (!read) {
    read = sharedStartedAfter(
      (chainId: number, tokenAddress: string, bankroll: string) => `${chainId}:${tokenAddress}:${bankroll}`,
      async (chainId: number, tokenAddress: string, bankroll: string) => {
        const tron = chains.tron(chainId);
        if (tron) return tronTokenBalance(tron, tokenAddress, tronFromEvm(bankroll));
        const provider = chains.get(chainId);
        return provider ? bankrollTokenBalance(provider, tokenAddress, bankroll) : null;
      },
    );
    reads.set(chains, read);
  }
  return read;
}

const BALANCE_OF = ERC20.getFunction('balanceOf')!;
// Computed once: an Interface hashes the function's signature again on every encode.
const BALANCE_OF_SELECTOR = BALANCE_OF.selector;

/**
 * The bankroll's on-chain token balance in raw units; throws when the chain does not answer. A bare eth_call: every
 * approval and execute reads it, and a Contract call resolves and formats the request through several layers first.
 */
export async function bankrollTokenBalance(provider: JsonRpcProvider, tokenAddress: string, bankroll: string): Promise<bigint> {
  const data = BALANCE_OF_SELECTOR + AbiCoder.defaultAbiCoder().encode(BALANCE_OF.inputs, [bankroll]).slice(2);
  return ERC20.decodeFunctionResult(BALANCE_OF, await provider.send('eth_call', [{ to: tokenAddress, data }, 'latest']))[0] as bigint;
}

/** A TRC-20 balance of a base58 owner, read with balanceOf through triggerconstantcontract. */
export async function tronTokenBalance(node: TronNode, token: string, owner: string): Promise<bigint> {
  const data = ERC20.encodeFunctionData('balanceOf', [evmFromTron(owner)]).slice(2);
  return BigInt('0x' + (await node.constant(tronHex(token), data)).result);
}
