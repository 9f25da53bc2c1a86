import { z } from 'zod';
import type { Db } from '../adapters/db';
import { findPreset, networkPresets } from '../config/networks';
import { addFiatFeed, listFiatFeeds, removeFiatFeed, updateFiatFeed } from '../provisioning/fiat-feeds';
import { parse, UsageError, validate } from './args';

const FLAGS = {
  currency: { type: 'string' }, chain: { type: 'string' }, feed: { type: 'string' }, heartbeat: { type: 'string' },
  'min-answer': { type: 'string' }, 'max-answer': { type: 'string' },
} as const;

const clearable = z.string().min(1).transform((v) => (v === 'none' ? null : v));
const schema = z.object({
  currency: z.string().min(1, '--currency is required'),
  chain: z.string().regex(/^\d+$/, 'expected a chain id').transform(Number).optional(),
  feed: z.string().min(1).optional(),
  heartbeat: z.string().regex(/^(\d+|none)$/, 'expected whole seconds or none').transform((v) => (v === 'none' ? null : Number(v))).optional(),
  'min-answer': clearable.optional(),
  'max-answer': clearable.optional(),
});

function fields(f: z.infer<typeof schema>) {
  return { chainId: f.chain, feed: f.feed, heartbeat: f.heartbeat, minAnswer: f['min-answer'], maxAnswer: f['max-answer'] };
}

/** The preset network's feed for the currency: its chain id, address and published heartbeat. */
function presetFeed(name: string, currency: string) {
  const preset = findPreset(name);
  if (!preset) throw new UsageError(`unknown preset "${name}": expected one of ${networkPresets().map((p) => p.name).join(', ')}`);
  const feed = preset.fiatFeeds?.find((f) => f.currency === currency);
  if (!feed) throw new UsageError(`preset ${name} has no ${currency}/USD feed: give --chain and --feed`);
  return { chainId: preset.chainId, feed: feed.feed, heartbeat: feed.heartbeat };
}

/** `fiat add|update|remove|list`: the fiat feeds that price platform currencies (docs/chains.md "Fiat rates"). */
export async function fiatCommand(db: Db, sub: string | undefined, args: string[]): Promise<unknown> {
  if (sub === 'add') {
    const { flags } = parse(args, { ...FLAGS, preset: { type: 'string' } });
    const f = validate(schema.extend({ preset: z.string().min(1).optional() }), flags);
    // A preset fills the chain, feed and heartbeat; flags given beside it win.
    const given = Object.fromEntries(Object.entries(fields(f)).filter(([, v]) => v !== undefined));
    const merged = { ...(f.preset ? presetFeed(f.preset, f.currency) : {}), ...given };
    if (merged.chainId === undefined || merged.feed === undefined) throw new UsageError('fiat add needs --chain and --feed (or --preset NAME)');
    return addFiatFeed(db, f.currency, { heartbeat: null, minAnswer: null, maxAnswer: null, ...merged, chainId: merged.chainId, feed: merged.feed });
  }
  if (sub === 'update') {
    const f = validate(schema, parse(args, FLAGS).flags);
    return updateFiatFeed(db, f.currency, fields(f));
  }
  if (sub === 'remove') {
    const f = validate(z.object({ currency: z.string().min(1, '--currency is required') }), parse(args, { currency: { type: 'string' } }).flags);
    return removeFiatFeed(db, f.currency);
  }
  if (sub === 'list') {
    parse(args, {});
    return listFiatFeeds(db);
  }
  throw new UsageError('usage: fiat add|update|remove|list --currency CODE ...');
}
