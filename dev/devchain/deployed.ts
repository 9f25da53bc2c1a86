import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { withProvider } from './chain';
import { deployDevChain, type DevChainRegistry } from './deploy';
import type { DevChainSpec } from './spec';

/** What a kept dev chain's file holds: its registry and the bankroll it was funded for. */
interface Deployed {
  bankrollAddress: string;
  registry: DevChainRegistry;
}

/**
 * The dev contracts on a node whose data is kept across starts (geth under `npm start`): the registry recorded in
 * `file` when every contract in it still has code on the node and it was funded for this bankroll, else a new
 * deployment, recorded there. `reset`: the recorded contracts are gone from the node, so its chain was started anew
 * (an emptied data directory), whatever its genesis says.
 */
export async function deployOnce({ nodeUrl, bankrollAddress, spec, file }: { nodeUrl: string; bankrollAddress: string; spec: DevChainSpec; file: string }): Promise<{ registry: DevChainRegistry; reused: boolean; reset: boolean }> {
  const recorded = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Deployed) : null;
  const onThisChain = recorded?.registry.chainId === spec.chainId ? recorded : null;
  const present = onThisChain ? await allDeployed(nodeUrl, onThisChain.registry) : false;
  if (onThisChain && present && onThisChain.bankrollAddress === bankrollAddress) return { registry: onThisChain.registry, reused: true, reset: false };
  const registry = await deployDevChain({ nodeUrl, bankrollAddress, spec });
  writeFileSync(file, `${JSON.stringify({ bankrollAddress, registry } satisfies Deployed, null, 2)}\n`);
  return { registry, reused: false, reset: onThisChain !== null && !present };
}

async function allDeployed(nodeUrl: string, registry: DevChainRegistry): Promise<boolean> {
  const addresses = [registry.nativePriceFeed, ...registry.tokens.flatMap((t) => [t.address, t.priceFeed])];
  return withProvider(nodeUrl, async (provider) => {
    const codes = await Promise.all(addresses.map((a) => provider.getCode(a)));
    return codes.every((c) => c !== '0x');
  }, registry.chainId);
}
