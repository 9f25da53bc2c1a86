import { z } from 'zod';
import type { Db } from '../../src/adapters/db';
import type { Config } from '../../src/config/env';
import type { DevChainRegistry } from '../devchain/deploy';
import { bankroll, drainGas, fund, mine, restoreGas, setPrice } from '../devchain/dev-commands';
import { setProxyRpc } from '../devchain/rpc-proxy';
import { DEV_CHAIN } from '../devchain/spec';
import { readDevSecrets } from '../launcher/dev-secrets';
import { parse, UsageError, validate } from '../../src/cli/args';

/** The registry entry of the dev chain (the launcher's local node); `dev` commands refuse any other chain. */
async function devChain(db: Db, chainId: string | undefined): Promise<DevChainRegistry> {
  // Without --chain: the first dev chain (config/dev-chain.json), as before the second one existed.
  const chain = await db.chain.findFirst({
    where: { isDev: true, chainId: chainId ? Number(chainId) : DEV_CHAIN.chainId },
    include: { tokens: { where: { active: true } } },
  });
  if (!chain) throw new Error(chainId ? `chain ${chainId} is not a dev chain` : 'no dev chain is registered (is `npm start` running?)');
  return {
    chainId: chain.chainId,
    name: chain.name,
    type: 'EVM',
    nativeSymbol: chain.nativeSymbol,
    nativeDecimals: chain.nativeDecimals,
    nativePriceFeed: chain.nativePriceFeed ?? '',
    depositConfirmations: chain.depositConfirmations,
    withdrawConfirmations: chain.withdrawConfirmations,
    tokens: chain.tokens.map((t) => ({
      symbol: t.symbol,
      displaySymbol: t.displaySymbol,
      name: t.name,
      decimals: t.decimals,
      address: t.address,
      priceFeed: t.priceFeed ?? '',
    })),
  };
}

/** The node of a dev chain itself (the dev commands bypass the proxy the service goes through). */
function nodeUrl(config: Config, chainId: number): string {
  const url = config.DEV_CHAIN_NODE_URLS[chainId];
  if (!url) throw new Error(`DEV_CHAIN_NODE_URLS has no node for chain ${chainId}: dev commands need the launcher's dev chains`);
  return url;
}

/** The bankroll's key, for geth's drain and restore (transfers): the environment's, else the launcher's dev secrets. */
function bankrollKey(env: NodeJS.ProcessEnv): string | undefined {
  return env.BANKROLL_PRIVATE_KEY ?? readDevSecrets()?.BANKROLL_PRIVATE_KEY;
}

const decimal = z.string().regex(/^\d+(\.\d+)?$/, 'expected a positive decimal number');
const chainFlag = { chain: { type: 'string' } } as const;
const chainId = z.string().regex(/^\d+$/, 'expected a chain id').optional();

/** `dev fund|mine|price|bankroll|drain-gas|restore-gas|rpc` against the dev chain (CONTRACT §2, §7). */
export async function devCommand(db: Db, config: Config, sub: string | undefined, args: string[], env: NodeJS.ProcessEnv): Promise<unknown> {
  const bankrollAddress = config.BANKROLL_ADDRESS;
  switch (sub) {
    case 'fund': {
      const { flags } = parse(args, { ...chainFlag, address: { type: 'string' }, token: { type: 'string' }, amount: { type: 'string' } });
      const f = validate(z.object({ address: z.string().min(1), token: z.string().min(1), amount: decimal, chain: chainId }), flags);
      const registry = await devChain(db, f.chain);
      return fund({ nodeUrl: nodeUrl(config, registry.chainId), registry, address: f.address, token: f.token, amount: f.amount });
    }
    case 'mine': {
      const { flags } = parse(args, { ...chainFlag, blocks: { type: 'string' } });
      const f = validate(z.object({ blocks: z.coerce.number().int().min(1).max(10_000).default(1), chain: chainId }), flags);
      const { chainId: id } = await devChain(db, f.chain);
      return { chainId: id, ...(await mine({ nodeUrl: nodeUrl(config, id), blocks: f.blocks, chainId: id })) };
    }
    case 'price': {
      const { flags } = parse(args, { ...chainFlag, symbol: { type: 'string' }, usd: { type: 'string' }, stale: { type: 'boolean' }, age: { type: 'string' } });
      const age = z.string().regex(/^\d+$/, 'expected whole seconds').transform(Number).optional();
      const f = validate(z.object({ symbol: z.string().min(1), usd: decimal.optional(), stale: z.boolean().optional(), age, chain: chainId }), flags);
      if (!f.usd === !f.stale) throw new UsageError('give exactly one of --usd DECIMAL or --stale');
      if (f.age !== undefined && !f.usd) throw new UsageError('--age SECONDS goes with --usd DECIMAL');
      const registry = await devChain(db, f.chain);
      return setPrice({ nodeUrl: nodeUrl(config, registry.chainId), registry, symbol: f.symbol, usd: f.usd, stale: f.stale, ageSeconds: f.age });
    }
    case 'bankroll': {
      const f = validate(z.object({ chain: chainId }), parse(args, chainFlag).flags);
      const registry = await devChain(db, f.chain);
      return { chainId: registry.chainId, ...(await bankroll({ nodeUrl: nodeUrl(config, registry.chainId), registry, address: bankrollAddress })) };
    }
    case 'drain-gas':
    case 'restore-gas': {
      const f = validate(z.object({ chain: chainId }), parse(args, chainFlag).flags);
      const { chainId: id } = await devChain(db, f.chain);
      const gas = sub === 'drain-gas' ? drainGas : restoreGas;
      return { chainId: id, ...(await gas({ nodeUrl: nodeUrl(config, id), address: bankrollAddress, chainId: id, ownerKey: bankrollKey(env) })) };
    }
    case 'rpc': {
      const { flags } = parse(args, { ...chainFlag, down: { type: 'boolean' }, up: { type: 'boolean' } });
      if (!flags.down === !flags.up) throw new UsageError('give exactly one of --down or --up');
      const f = validate(z.object({ chain: chainId }), { chain: flags.chain });
      const chain = await devChain(db, f.chain);
      const proxyUrl = config.CHAIN_RPC_URLS[chain.chainId]?.[0];
      if (!proxyUrl) throw new Error(`no RPC URL is configured for chain ${chain.chainId}`);
      // Names the chain: with two dev chains, which one was cut off matters.
      return { chainId: chain.chainId, ...(await setProxyRpc(proxyUrl, flags.up === true)) };
    }
    default:
      throw new UsageError('usage: dev fund|mine|price|bankroll|drain-gas|restore-gas|rpc [flags]');
  }
}
