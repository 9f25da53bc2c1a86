import { z } from 'zod';
import { ChainProviders } from '../adapters/chains';
import type { Db } from '../adapters/db';
import type { Config } from '../config/env';
import { failTreasuryTransfer } from '../store/treasury-sends';
import { addCold, recordTreasurySend, removeCold, treasurySendView } from '../provisioning/treasury';
import { connectTemporal } from '../temporal/client/connection';
import { temporalConnectOptions } from '../temporal/client/connect-options';
import { startTreasurySend } from '../temporal/client/treasury';
import { parse, UsageError, validate } from './args';

const chainId = z.coerce.number().int().positive();
/** Who asks: recorded with the change or the send. */
const by = z.string().trim().min(1, 'who asks is required (--by NAME)');

const COLD_USAGE = 'usage: treasury cold add|remove --chain ID --address A --by NAME';
const SEND_USAGE = 'usage: treasury send --chain ID --asset SYMBOL|native --amount X --to A --by NAME';

async function coldCommand(db: Db, sub: string | undefined, args: string[]) {
  if (sub !== 'add' && sub !== 'remove') throw new UsageError(COLD_USAGE);
  const { flags, positionals } = parse(args, { chain: { type: 'string' }, address: { type: 'string' }, by: { type: 'string' } });
  if (positionals.length) throw new UsageError(COLD_USAGE);
  const f = validate(z.object({ chain: chainId, address: z.string().min(1), by }), flags);
  const change = { chainId: f.chain, address: f.address, by: f.by };
  return sub === 'add' ? addCold(db, change) : removeCold(db, change);
}

/**
 * Records the send (refusals write nothing), then starts its workflow. A start that fails ends the send FAILED and
 * releases its reservation: a workflow started after all (an answer lost) then finds it FAILED and signs nothing.
 */
async function sendCommand(db: Db, config: Config, args: string[]) {
  const { flags, positionals } = parse(args, { chain: { type: 'string' }, asset: { type: 'string' }, amount: { type: 'string' }, to: { type: 'string' }, by: { type: 'string' } });
  if (positionals.length) throw new UsageError(SEND_USAGE);
  const f = validate(z.object({ chain: chainId, asset: z.string().min(1), amount: z.string().min(1), to: z.string().min(1), by }), flags);
  const chains = ChainProviders.fromConfig(config);
  const transfer = await recordTreasurySend(db, chains, config.BANKROLL_ADDRESS, { chainId: f.chain, asset: f.asset, amount: f.amount, to: f.to, by: f.by }).finally(() => chains.destroy());
  const temporal = await connectTemporal(temporalConnectOptions(config), config.TEMPORAL_NAMESPACE).catch(async (err: unknown) => {
    await failTreasuryTransfer(db, transfer.id, 'WORKFLOW_NOT_STARTED');
    throw err;
  });
  try {
    const workflowId = await startTreasurySend(temporal.client, config, transfer.id).catch(async (err: unknown) => {
      await failTreasuryTransfer(db, transfer.id, 'WORKFLOW_NOT_STARTED');
      throw err;
    });
    return { transferId: transfer.id, workflowId };
  } finally {
    await temporal.connection.close();
  }
}

/** `treasury cold add|remove`, `treasury send`, `treasury status ID` (CONTRACT §9 "Treasury sends"). */
export async function treasurySendsCommand(db: Db, config: Config, sub: string | undefined, args: string[]) {
  if (sub === 'cold') return coldCommand(db, args[0], args.slice(1));
  if (sub === 'send') return sendCommand(db, config, args);
  if (sub === 'status') {
    const { positionals } = parse(args, {});
    const [id, ...extra] = positionals;
    if (!id || !z.uuid().safeParse(id).success || extra.length) throw new UsageError('usage: treasury status <transfer id>');
    return treasurySendView(db, id);
  }
  throw new UsageError(`${COLD_USAGE}\n${SEND_USAGE}\nusage: treasury status <transfer id>`);
}
