import { getAddress } from 'ethers';
import { z } from 'zod';
import networks from '../../config/networks.json';

/**
 * config/networks.json: presets of real networks (chain id, confirmations, USDT and USDC with their decimals, Chainlink
 * feeds) for `chain add --preset NAME`. RPC URLs are not presets: they stay in CHAIN_RPC_URLS. Parsed once, so a bad
 * entry (a mistyped checksum, a duplicate chain id, a null without its reason) fails at load, never at a payout.
 */

/** EIP-55 exactly as written: a lower-case or mistyped address in the file is an error, not something to fix up. */
const evmAddress = z.string().refine((a) => {
  try {
    return getAddress(a) === a;
  } catch {
    return false;
  }
}, 'expected an EIP-55 checksummed EVM address');
const tronAddress = z.string().regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/, 'expected a TRON base58 address');
const reason = z.string().min(10, 'say why it is null');
const heartbeat = z.number().int().positive().nullable();

const tokenSchema = z
  .object({
    symbol: z.string().min(1),
    name: z.string().min(1),
    decimals: z.number().int().min(0).max(36),
    address: z.string().nullable(),
    addressWhy: reason.optional(),
    priceFeed: z.string().nullable().optional(),
    priceFeedWhy: reason.optional(),
    /** The feed's published heartbeat (Chainlink's data-feed listing); null with feedHeartbeatWhy when not known for sure. */
    feedHeartbeat: heartbeat.optional(),
    feedHeartbeatWhy: reason.optional(),
  })
  .refine((t) => t.address !== null || t.addressWhy, { message: 'a null address needs addressWhy' })
  .refine((t) => t.address === null || t.priceFeed !== undefined, { message: 'a listed token names its priceFeed (null with priceFeedWhy if unknown)' })
  .refine((t) => t.priceFeed !== null || t.priceFeedWhy, { message: 'a null priceFeed needs priceFeedWhy' })
  .refine((t) => !t.priceFeed || t.feedHeartbeat !== undefined, { message: 'a priceFeed names its feedHeartbeat (null with feedHeartbeatWhy if unknown)' })
  .refine((t) => t.feedHeartbeat !== null || t.feedHeartbeatWhy, { message: 'a null feedHeartbeat needs feedHeartbeatWhy' });

const presetSchema = z
  .object({
    name: z.string().regex(/^[a-z0-9-]+$/, 'expected a lower-case name such as base-sepolia'),
    displayName: z.string().min(1),
    chainId: z.number().int().positive(),
    type: z.enum(['EVM', 'TRON']),
    testnet: z.boolean(),
    nativeSymbol: z.string().min(1),
    nativeDecimals: z.number().int().min(0).max(36),
    nativePriceFeed: z.string().nullable(),
    nativePriceFeedWhy: reason.optional(),
    nativeFeedHeartbeat: heartbeat.optional(),
    nativeFeedHeartbeatWhy: reason.optional(),
    /** Chainlink's L2 sequencer-uptime feed, on the rollups that have one. */
    sequencerUptimeFeed: z.string().optional(),
    /** Chainlink `<currency>/USD` feeds on this network, for `fiat add --preset NAME`. */
    fiatFeeds: z.array(z.object({ currency: z.string().regex(/^[A-Z]{3}$/), feed: z.string(), heartbeat: heartbeat })).optional(),
    depositConfirmations: z.number().int().min(1),
    withdrawConfirmations: z.number().int().min(1),
    confirmationsWhy: z.string().min(1),
    tokens: z.array(tokenSchema).min(1),
  })
  .refine((p) => p.nativePriceFeed !== null || p.nativePriceFeedWhy, { message: 'a null nativePriceFeed needs nativePriceFeedWhy' })
  .refine((p) => p.nativePriceFeed === null || p.nativeFeedHeartbeat !== undefined, { message: 'a nativePriceFeed names its nativeFeedHeartbeat (null with nativeFeedHeartbeatWhy if unknown)' })
  .refine((p) => p.nativeFeedHeartbeat !== null || p.nativeFeedHeartbeatWhy, { message: 'a null nativeFeedHeartbeat needs nativeFeedHeartbeatWhy' })
  .superRefine((p, ctx) => {
    // Every address in the network's own form: checksummed hex on EVM, base58 on TRON (feeds exist on EVM only).
    const form = p.type === 'EVM' ? evmAddress : tronAddress;
    const check = (value: string | null | undefined, path: (string | number)[], schema: z.ZodType = form) => {
      if (value == null) return;
      const r = schema.safeParse(value);
      if (!r.success) ctx.addIssue({ code: 'custom', path, message: `${value}: ${r.error.issues[0]!.message}` });
    };
    check(p.nativePriceFeed, ['nativePriceFeed'], evmAddress);
    check(p.sequencerUptimeFeed, ['sequencerUptimeFeed'], evmAddress);
    p.fiatFeeds?.forEach((f, i) => check(f.feed, ['fiatFeeds', i, 'feed'], evmAddress));
    p.tokens.forEach((t, i) => {
      check(t.address, ['tokens', i, 'address']);
      check(t.priceFeed, ['tokens', i, 'priceFeed'], evmAddress);
    });
  });

export const networksSchema = z
  .object({ presets: z.array(presetSchema) })
  .superRefine((n, ctx) => {
    for (const key of ['name', 'chainId'] as const) {
      const seen = new Set<unknown>();
      n.presets.forEach((p, i) => {
        if (seen.has(p[key])) ctx.addIssue({ code: 'custom', path: ['presets', i, key], message: `duplicate ${key} ${p[key]}` });
        seen.add(p[key]);
      });
    }
  });

export type NetworkPreset = z.infer<typeof presetSchema>;

let loaded: NetworkPreset[] | undefined;

/** The presets of config/networks.json, validated on first use. */
export function networkPresets(source: unknown = networks): NetworkPreset[] {
  if (source !== networks) return networksSchema.parse(source).presets;
  loaded ??= networksSchema.parse(networks).presets;
  return loaded;
}

export function findPreset(name: string): NetworkPreset | undefined {
  return networkPresets().find((p) => p.name === name);
}
