import { z } from 'zod';
import { ChainProviders } from '../adapters/chains';
import type { Db } from '../adapters/db';
import type { Config } from '../config/env';
import { reconcile } from '../reconcile';
import type { ReconcileReport } from '../reconcile/report';
import { parse, UsageError, validate } from './args';

/** `reconcile [--chain ID]` (CONTRACT §8): the books against the chain; the caller exits 1 when `ok` is false. */
export async function reconcileCommand(db: Db, config: Config, args: string[]): Promise<ReconcileReport> {
  const { flags, positionals } = parse(args, { chain: { type: 'string' } });
  if (positionals.length) throw new UsageError('usage: reconcile [--chain ID]');
  const f = validate(z.object({ chain: z.coerce.number().int().positive().optional() }), flags);
  const chains = ChainProviders.fromConfig(config);
  try {
    return await reconcile({ db, chains, bankroll: config.BANKROLL_ADDRESS }, f.chain);
  } finally {
    chains.destroy();
  }
}
