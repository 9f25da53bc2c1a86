import type { Client } from '@temporalio/client';
import { Wallet } from 'ethers';
import type { ChainProviders } from '../adapters/chains';
import type { Db } from '../adapters/db';
import type { Logger } from '../adapters/logger';
import type { Config } from '../config/env';
import { dispatchTarget } from '../temporal/client/webhooks';
import { pricingFrom } from '../adapters/prices';
import { createChainScanActivities } from './chain-scan';
import { createDepositActivities } from './deposits';
import { createHeadlessActivities } from './headless';
import { createPayoutActivities } from './payouts';
import { createWebhookActivities } from './webhooks';
import { createWithdrawalActivities } from './withdrawals';

/** What activities may touch: they hold all of the gateway's I/O. */
export interface ActivityDeps {
  config: Config;
  db: Db;
  chains: ChainProviders;
  logger: Logger;
  /** For activities that start workflows (the outbox relay). */
  temporal: Client;
}

/** Builds every activity with its dependencies injected. */
export function createActivities(deps: ActivityDeps) {
  const { config, db, chains, logger, temporal } = deps;
  const dispatch = dispatchTarget(config, temporal, db);
  return {
    ...createWebhookActivities({ db, logger, dispatch }),
    ...createChainScanActivities({
      db,
      chains,
      logger,
      temporal,
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      bankrollAddress: new Wallet(config.BANKROLL_PRIVATE_KEY).address,
      depositInput: { pollMs: config.CHAIN_POLL_MS, priceRetrySeconds: config.PRICE_RETRY_SECONDS },
    }),
    ...createPayoutActivities({ config, db, chains, logger, dispatch }),
    ...createWithdrawalActivities({ config, db, chains, logger, temporal }),
    ...createDepositActivities({
      config,
      db,
      chains,
      logger,
      dispatch,
      ...pricingFrom(config, db, chains),
    }),
    ...createHeadlessActivities({ config, db, chains, logger, dispatch, ...pricingFrom(config, db, chains) }),
  };
}

export type Activities = ReturnType<typeof createActivities>;
