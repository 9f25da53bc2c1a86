import { z } from 'zod';
import type { Db } from '../adapters/db';
import type { Config } from '../config/env';
import type { DevChainRegistry } from '../devchain/deploy';
import { bankroll, drainGas, fund, mine, restoreGas, setPrice } from '../devchain/dev-commands';
import { setProxyRpc } from '../devchain/rpc-proxy';
import { parse, UsageError, validate } from './args';

/** The registry entry of the dev chain (the launcher's local node); `dev` commands refuse any other chain. */
async function devChain(db: Db, chainId: string | undefined): Promise<DevChainRegistry> {
  const chain = await db.chain.findFirst({
    where: { isDev: true, ...(chainId ? { chainId: Number(chainId) } : {}) },
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

function nodeUrl(config: Config): string {
  if (!config.DEV_CHAIN_NODE_URL) throw new Error('DEV_CHAIN_NODE_URL is not set: dev commands need the launcher\'s dev chain');
  return config.DEV_CHAIN_NODE_URL;
}

const decimal = z.string().regex(/^\d+(\.\d+)?$/, 'expected a positive decimal number');
const chainFlag = { chain: { type: 'string' } } as const;

/** `dev fund|mine|price|bankroll|drain-gas|restore-gas|rpc` against the dev chain (CONTRACT §2, §7). */
export async function devCommand(db: Db, config: Config, sub: string | undefined, args: string[]): Promise<unknown> {
  const bankrollAddress = config.BANKROLL_ADDRESS;
  switch (sub) {
    case 'fund': {
      const { flags } = parse(args, { ...chainFlag, address: { type: 'string' }, token: { type: 'string' }, amount: { type: 'string' } });
      const f = validate(z.object({ address: z.string().min(1), token: z.string().min(1), amount: decimal, chain: z.string().optional() }), flags);
      return fund({ nodeUrl: nodeUrl(config), registry: await devChain(db, f.chain), address: f.address, token: f.token, amount: f.amount });
    }
    case 'mine': {
      const { flags } = parse(args, { blocks: { type: 'string' } });
      const f = validate(z.object({ blocks: z.coerce.number().int().min(1).max(10_000).default(1) }), flags);
      return mine({ nodeUrl: nodeUrl(config), blocks: f.blocks });
    }
    case 'price': {
      const { flags } = parse(args, { ...chainFlag, symbol: { type: 'string' }, usd: { type: 'string' }, stale: { type: 'boolean' } });
      const f = validate(z.object({ symbol: z.string().min(1), usd: decimal.optional(), stale: z.boolean().optional(), chain: z.string().optional() }), flags);
      if (!f.usd === !f.stale) throw new UsageError('give exactly one of --usd DECIMAL or --stale');
      return setPrice({ nodeUrl: nodeUrl(config), registry: await devChain(db, f.chain), symbol: f.symbol, usd: f.usd, stale: f.stale });
    }
    case 'bankroll': {
      const { flags } = parse(args, chainFlag);
      return bankroll({ nodeUrl: nodeUrl(config), registry: await devChain(db, flags.chain as string | undefined), address: bankrollAddress });
    }
    case 'drain-gas':
    case 'restore-gas': {
      const { flags } = parse(args, chainFlag);
      await devChain(db, flags.chain as string | undefined);
      const gas = sub === 'drain-gas' ? drainGas : restoreGas;
      return gas({ nodeUrl: nodeUrl(config), address: bankrollAddress });
    }
    case 'rpc': {
      const { flags } = parse(args, { ...chainFlag, down: { type: 'boolean' }, up: { type: 'boolean' } });
      if (!flags.down === !flags.up) throw new UsageError('give exactly one of --down or --up');
      const chain = await devChain(db, flags.chain as string | undefined);
      const proxyUrl = config.CHAIN_RPC_URLS[chain.chainId];
      if (!proxyUrl) throw new Error(`no RPC URL is configured for chain ${chain.chainId}`);
      return setProxyRpc(proxyUrl, flags.up === true);
    }
    default:
      throw new UsageError('usage: dev fund|mine|price|bankroll|drain-gas|restore-gas|rpc [flags]');
  }
}
