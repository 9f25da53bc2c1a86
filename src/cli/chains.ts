import { z } from 'zod';
import { ChainProviders } from '../adapters/chains';
import type { Db } from '../adapters/db';
import type { Config } from '../config/env';
import { RegistryInputError } from '../domain/registry-input';
import { addChain, addToken, chainView, setChainActive, setTokenActive, tokenView, updateChain, updateToken, type NewChain } from '../provisioning/chain-admin';
import { onChainDecimals, openChain, probeRpc, type RpcState } from '../provisioning/chain-rpc';
import { setHotWallet, type HotWalletPolicy } from '../provisioning/hot-wallet';
import { parse, UsageError, validate } from './args';
import { listPresets, presetChain } from './chain-presets';

const whole = (what: string) => z.string().regex(/^\d+$/, `expected a whole number (${what})`).transform(Number);
const units = z.string().regex(/^\d+(\.\d+)?$/, 'expected a non-negative decimal in token units');
/** An address, or "none" to clear a price feed. */
const feed = z.string().min(1).transform((v) => (v === 'none' ? null : v));
/** A feed's heartbeat in whole seconds, or "none" to clear it (PRICE_MAX_AGE_SECONDS then applies). */
const heartbeat = z.string().regex(/^(\d+|none)$/, 'expected whole seconds or none').transform((v) => (v === 'none' ? null : Number(v)));
/** A feed answer bound in USD, or "none" to clear it (checked by the registry). */
const bound = z.string().min(1).transform((v) => (v === 'none' ? null : v));

const CHAIN_FIELD_FLAGS = {
  name: { type: 'string' },
  'native-symbol': { type: 'string' },
  'native-decimals': { type: 'string' },
  'native-price-feed': { type: 'string' },
  'native-feed-heartbeat': { type: 'string' },
  'native-min-answer': { type: 'string' },
  'native-max-answer': { type: 'string' },
  'sequencer-feed': { type: 'string' },
  'native-min-deposit': { type: 'string' },
  'deposit-confirmations': { type: 'string' },
  'withdraw-confirmations': { type: 'string' },
  'max-gas-per-transfer': { type: 'string' },
} as const;

const chainFieldsSchema = z.object({
  name: z.string().min(1).optional(),
  'native-symbol': z.string().min(1).optional(),
  'native-decimals': whole('decimals').optional(),
  'native-price-feed': feed.optional(),
  'native-feed-heartbeat': heartbeat.optional(),
  'native-min-answer': bound.optional(),
  'native-max-answer': bound.optional(),
  'sequencer-feed': feed.optional(),
  'native-min-deposit': units.optional(),
  'deposit-confirmations': whole('blocks').optional(),
  'withdraw-confirmations': whole('blocks').optional(),
  'max-gas-per-transfer': whole('gas').optional(),
});

function chainFields(f: z.infer<typeof chainFieldsSchema>) {
  return {
    name: f.name, nativeSymbol: f['native-symbol'], nativeDecimals: f['native-decimals'], nativePriceFeed: f['native-price-feed'],
    nativeFeedHeartbeat: f['native-feed-heartbeat'], nativeFeedMinAnswer: f['native-min-answer'], nativeFeedMaxAnswer: f['native-max-answer'],
    sequencerUptimeFeed: f['sequencer-feed'], nativeMinDeposit: f['native-min-deposit'], depositConfirmations: f['deposit-confirmations'], withdrawConfirmations: f['withdraw-confirmations'],
    maxGasPerTransfer: f['max-gas-per-transfer'],
  };
}

const TOKEN_FIELD_FLAGS = {
  symbol: { type: 'string' },
  'display-symbol': { type: 'string' },
  name: { type: 'string' },
  decimals: { type: 'string' },
  'price-feed': { type: 'string' },
  'feed-heartbeat': { type: 'string' },
  'min-answer': { type: 'string' },
  'max-answer': { type: 'string' },
  'min-deposit': { type: 'string' },
} as const;

const tokenFieldsSchema = z.object({
  symbol: z.string().min(1).optional(),
  'display-symbol': z.string().min(1).optional(),
  name: z.string().min(1).optional(),
  decimals: whole('decimals').optional(),
  'price-feed': feed.optional(),
  'feed-heartbeat': heartbeat.optional(),
  'min-answer': bound.optional(),
  'max-answer': bound.optional(),
  'min-deposit': units.optional(),
});
const tokenKey = z.object({ chain: whole('chain id'), address: z.string().min(1, '--address is required') });
const TOKEN_KEY_FLAGS = { chain: { type: 'string' }, address: { type: 'string' } } as const;

const HOT_WALLET_FLAGS = { 'hot-max-usd': { type: 'string' }, 'cold-address': { type: 'string' } } as const;

/** `--hot-max-usd X --cold-address A` sets the hot-wallet ceiling, `--hot-max-usd off` turns it off; undefined: neither given. */
function hotWalletPolicy(flags: { 'hot-max-usd'?: string; 'cold-address'?: string }): HotWalletPolicy | undefined {
  const { 'hot-max-usd': maxUsd, 'cold-address': coldAddress } = flags;
  if (maxUsd === undefined && coldAddress === undefined) return undefined;
  if (maxUsd === 'off') {
    if (coldAddress !== undefined) throw new UsageError('--cold-address: not with --hot-max-usd off');
    return 'off';
  }
  if (maxUsd === undefined || coldAddress === undefined) throw new UsageError('usage: chain update <chain id> --hot-max-usd X --cold-address A (or --hot-max-usd off)');
  return { maxUsd, coldAddress };
}

/** The chain id of `chain update|activate|deactivate <id>`. */
function chainIdArg(positionals: string[], usage: string): number {
  const [id, ...extra] = positionals;
  if (!id || !/^\d+$/.test(id) || extra.length) throw new UsageError(`usage: chain ${usage} <chain id>`);
  return Number(id);
}

/** Drops the fields a flag did not set, so an update changes only what was named. */
function given<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** `chain add|update|activate|deactivate|list`: the chain registry (docs/chains.md). */
export async function chainCommand(db: Db, config: Config, sub: string | undefined, args: string[]): Promise<unknown> {
  if (sub === 'add') return addChainCommand(db, config, args);
  if (sub === 'update') {
    const { flags, positionals } = parse(args, { ...CHAIN_FIELD_FLAGS, ...HOT_WALLET_FLAGS });
    const chainId = chainIdArg(positionals, 'update');
    const changes = given(chainFields(validate(chainFieldsSchema, flags)));
    const policy = hotWalletPolicy(flags);
    if (!policy) return updateChain(db, chainId, changes);
    // Both or nothing: a refused ceiling leaves the other fields as they were.
    return db.$transaction(async (tx) => {
      const chain = await updateChain(tx, chainId, changes);
      return { ...chain, hotWallet: await setHotWallet(tx, chainId, policy) };
    });
  }
  if (sub === 'activate' || sub === 'deactivate') {
    const { positionals } = parse(args, {});
    return setChainActive(db, chainIdArg(positionals, sub), sub === 'activate');
  }
  if (sub === 'presets') {
    parse(args, {});
    return listPresets();
  }
  if (sub === 'list') {
    parse(args, {});
    const chains = await db.chain.findMany({ orderBy: { chainId: 'asc' }, include: { tokens: { orderBy: [{ symbol: 'asc' }, { createdAt: 'asc' }] } } });
    return { chains: chains.map((c) => ({ ...chainView(c), rpcConfigured: config.CHAIN_RPC_URLS[c.chainId] !== undefined, tokens: c.tokens.map(tokenView) })) };
  }
  throw new UsageError('usage: chain add|update|activate|deactivate|list|presets ...');
}

async function addChainCommand(db: Db, config: Config, args: string[]) {
  const { flags, positionals } = parse(args, { ...CHAIN_FIELD_FLAGS, id: { type: 'string' }, type: { type: 'string' }, preset: { type: 'string' }, inactive: { type: 'boolean' } });
  if (positionals.length) throw new UsageError(`unexpected argument ${positionals[0]}`);
  const f = validate(chainFieldsSchema.extend({ id: whole('chain id').optional(), type: z.enum(['EVM', 'TRON']).optional(), preset: z.string().min(1).optional(), inactive: z.boolean().optional() }), flags);
  // A preset fills every field; flags given beside it win (e.g. deeper confirmations than the preset's).
  const preset = f.preset ? presetChain(f.preset) : null;
  const merged = { ...preset?.chain, ...given(chainFields(f)), ...given({ chainId: f.id, type: f.type }) };
  const missing = (['chainId', 'name', 'nativeSymbol', 'depositConfirmations', 'withdrawConfirmations'] as const).filter((k) => merged[k] === undefined);
  if (missing.length) throw new UsageError(`chain add needs ${missing.map(flagName).join(', ')} (or --preset NAME)`);
  const type = merged.type ?? 'EVM';
  const spec: NewChain = {
    chainId: merged.chainId!, type, name: merged.name!, nativeSymbol: merged.nativeSymbol!, nativeDecimals: merged.nativeDecimals ?? (type === 'TRON' ? 6 : 18),
    nativePriceFeed: merged.nativePriceFeed ?? null, nativeFeedHeartbeat: merged.nativeFeedHeartbeat ?? null, nativeFeedMinAnswer: merged.nativeFeedMinAnswer ?? null,
    nativeFeedMaxAnswer: merged.nativeFeedMaxAnswer ?? null, sequencerUptimeFeed: merged.sequencerUptimeFeed ?? null, nativeMinDeposit: merged.nativeMinDeposit ?? '0',
    depositConfirmations: merged.depositConfirmations!, withdrawConfirmations: merged.withdrawConfirmations!, maxGasPerTransfer: merged.maxGasPerTransfer,
    active: f.inactive !== true,
  };
  const chains = ChainProviders.fromConfig(config);
  try {
    // TRON answers another API than JSON-RPC: its node is checked by the TRON code, not here.
    const rpc: RpcState = type === 'EVM' ? await probeRpc(chains, spec.chainId) : 'not checked';
    // The preset's decimals against the contracts themselves, before anything is written.
    if (rpc === 'up') {
      for (const t of preset?.tokens ?? []) {
        const onChain = await onChainDecimals(chains, spec.chainId, t.address);
        if (onChain !== null && onChain !== t.decimals) throw new RegistryInputError(`preset ${f.preset}: ${t.symbol} has ${t.decimals} decimals in the preset, ${onChain} on chain`);
      }
    }
    // One transaction: a preset lands whole or not at all.
    const { chain, tokens } = await db.$transaction(async (tx) => {
      const added = await addChain(tx, spec);
      const listed = [];
      for (const t of preset?.tokens ?? []) listed.push(await addToken(tx, { ...t, chainId: spec.chainId, active: true }));
      return { chain: added, tokens: listed };
    });
    const scanFromBlock = rpc === 'up' ? await openChain(db, chains, spec.chainId) : null;
    return { ...chain, rpc, scanFromBlock, ...(preset ? { tokens, notListed: preset.notListed } : {}) };
  } finally {
    chains.destroy();
  }
}

const FLAG_NAMES: Record<string, string> = {
  chainId: '--id', name: '--name', nativeSymbol: '--native-symbol', depositConfirmations: '--deposit-confirmations', withdrawConfirmations: '--withdraw-confirmations',
};
const flagName = (k: string) => FLAG_NAMES[k] ?? k;

/** `token add|update|activate|deactivate`: a chain's tokens, keyed by chain id and contract address. */
export async function tokenCommand(db: Db, config: Config, sub: string | undefined, args: string[]): Promise<unknown> {
  if (sub === 'add') {
    const { flags } = parse(args, { ...TOKEN_KEY_FLAGS, ...TOKEN_FIELD_FLAGS, inactive: { type: 'boolean' } });
    const f = validate(tokenKey.extend(tokenFieldsSchema.shape).extend({ symbol: z.string().min(1, '--symbol is required'), inactive: z.boolean().optional() }), flags);
    const decimals = await checkedAgainstChain(config, f.chain, f.address, f.decimals);
    return addToken(db, {
      chainId: f.chain, address: f.address, symbol: f.symbol, displaySymbol: f['display-symbol'] ?? f.symbol, name: f.name ?? f.symbol, decimals,
      priceFeed: f['price-feed'] ?? null, feedHeartbeat: f['feed-heartbeat'] ?? null, feedMinAnswer: f['min-answer'] ?? null, feedMaxAnswer: f['max-answer'] ?? null,
      minDeposit: f['min-deposit'] ?? '0', active: f.inactive !== true,
    });
  }
  if (sub === 'update') {
    const { flags } = parse(args, { ...TOKEN_KEY_FLAGS, ...TOKEN_FIELD_FLAGS });
    const f = validate(tokenKey.extend(tokenFieldsSchema.shape), flags);
    if (f.decimals !== undefined) await checkedAgainstChain(config, f.chain, f.address, f.decimals);
    return updateToken(db, f.chain, f.address, given({
      symbol: f.symbol, displaySymbol: f['display-symbol'], name: f.name, decimals: f.decimals, priceFeed: f['price-feed'],
      feedHeartbeat: f['feed-heartbeat'], feedMinAnswer: f['min-answer'], feedMaxAnswer: f['max-answer'], minDeposit: f['min-deposit'],
    }));
  }
  if (sub === 'activate' || sub === 'deactivate') {
    const f = validate(tokenKey, parse(args, TOKEN_KEY_FLAGS).flags);
    return setTokenActive(db, f.chain, f.address, sub === 'activate');
  }
  throw new UsageError('usage: token add|update|activate|deactivate --chain ID --address A ...');
}

/**
 * Wrong decimals would pay a thousand or a millionth of the amount: when the chain answers, the contract's own
 * decimals() must agree with (or, when not given, supply) the registry's.
 */
async function checkedAgainstChain(config: Config, chainId: number, address: string, given: number | undefined): Promise<number> {
  const chains = ChainProviders.fromConfig(config);
  try {
    const onChain = /^0x[0-9a-fA-F]{40}$/.test(address) ? await onChainDecimals(chains, chainId, address) : null;
    if (onChain !== null && given !== undefined && onChain !== given) {
      throw new RegistryInputError(`--decimals ${given} disagrees with the contract, whose decimals() is ${onChain}`);
    }
    const decimals = given ?? onChain;
    if (decimals === null) throw new UsageError('--decimals is required when the chain\'s RPC cannot tell them');
    return decimals;
  } finally {
    chains.destroy();
  }
}
