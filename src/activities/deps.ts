import type { ChainProviders } from '../adapters/chains';
import type { Db } from '../adapters/db';
import type { Logger } from '../adapters/logger';
import type { FxProvider, PriceProvider } from '../adapters/prices';
import type { Config } from '../config/env';
import type { Signers } from '../chain/signer';
import type { Withdrawal } from '../generated/prisma/client';
import type { OutboxEvent } from '../store/outbox';

/** `started-eagerly`: started, with its first workflow task handed to this process's worker in the start's answer. */
export type DispatchOutcome = 'started' | 'started-eagerly' | 'already-started';

/**
 * The workflow starts that still follow, inside the activity, from what it has committed (src/temporal/client
 * implements them; activities receive them here, so they never reach up for the client themselves): an outbox
 * event's delivery right after the payout, credit or headless transaction that wrote it, and the withdrawal and treasury
 * relays' starts. The chain scanner and the webhook relay start theirs as children instead, from what their activities return.
 */
export interface WorkflowStarts {
  /** Starts the delivery workflow of a committed outbox event and marks it dispatched; idempotent. */
  dispatchWebhook(event: OutboxEvent): Promise<DispatchOutcome>;
  /** Starts the workflow of a committed Mode A/B request and marks the row started; idempotent. */
  startWithdrawalWorkflow(w: Withdrawal): Promise<void>;
  /** Starts the workflow of a recorded treasury send (`treasury-send-<id>`); one already started is left as it is. */
  startTreasurySend(transferId: string): Promise<'started' | 'already-started'>;
}

/** What activities may touch: they hold all of the gateway's I/O. */
export interface ActivityDeps {
  config: Config;
  db: Db;
  chains: ChainProviders;
  logger: Logger;
  workflows: WorkflowStarts;
  /** The worker's keys, behind the signer interface. */
  signers: Signers;
}

/** Activities that write outbox events and dispatch them after the commit. */
export type OutboxWriterDeps = Omit<ActivityDeps, 'workflows' | 'signers'> & { workflows: Pick<WorkflowStarts, 'dispatchWebhook'> };

/** Outbox writers that also sign (payouts, sweeps). */
export type SigningOutboxWriterDeps = OutboxWriterDeps & Pick<ActivityDeps, 'signers'>;

/** Outbox writers that also price (deposit credits, headless execute). */
export type PricingOutboxWriterDeps = OutboxWriterDeps & { prices: PriceProvider; fx: FxProvider };
