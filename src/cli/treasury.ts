import { z } from 'zod';
import type { Db } from '../adapters/db';
import type { Config } from '../config/env';
import { addTreasurySource, listTreasury, removeTreasurySource } from '../provisioning/treasury-sources';
import { parse, UsageError, validate } from './args';
import { treasurySendsCommand } from './treasury-sends';

const chainId = z.string({ error: 'is required' }).regex(/^\d+$/, 'expected a whole number (chain id)').transform(Number);
const sourceFlags = z.object({
  chain: chainId,
  address: z.string({ error: 'is required' }).min(1, 'is required'),
  // Manual treasury actions name who ran them: the registration's history says who vouched for the address.
  by: z.string({ error: 'is required (who runs the command)' }).trim().min(1, 'is required (who runs the command)').max(100),
});
const SOURCE_USAGE = 'usage: treasury source add|remove --chain ID --address A --by NAME';

/** `treasury source add|remove`, `treasury list` (CONTRACT §9): the bankroll's treasury sources; cold addresses and sends in treasury-sends.ts. */
export async function treasuryCommand(db: Db, config: Config, sub: string | undefined, args: string[]): Promise<unknown> {
  if (sub === 'cold' || sub === 'send' || sub === 'status') return treasurySendsCommand(db, config, sub, args);
  if (sub === 'source') {
    const [action, ...rest] = args;
    if (action !== 'add' && action !== 'remove') throw new UsageError(SOURCE_USAGE);
    const { flags, positionals } = parse(rest, { chain: { type: 'string' }, address: { type: 'string' }, by: { type: 'string' } });
    if (positionals.length) throw new UsageError(SOURCE_USAGE);
    const f = validate(sourceFlags, flags);
    const input = { chainId: f.chain, address: f.address, by: f.by };
    return action === 'add' ? addTreasurySource(db, config.BANKROLL_ADDRESS, input) : removeTreasurySource(db, input);
  }
  if (sub === 'list') {
    const { flags, positionals } = parse(args, { chain: { type: 'string' } });
    if (positionals.length) throw new UsageError('usage: treasury list [--chain ID]');
    return listTreasury(db, validate(z.object({ chain: chainId.optional() }), flags).chain);
  }
  throw new UsageError('usage: treasury source|list|cold|send|status ...');
}
