import type { Client } from '@temporalio/client';
import type { ChainProviders } from '../adapters/chains';
import type { Db } from '../adapters/db';
import type { Logger } from '../adapters/logger';
import type { Config } from '../config/env';
import { dispatchTarget } from '../outbox/dispatch';
import { createWebhookActivities } from './webhooks';

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
  return {
    ...createWebhookActivities({ db: deps.db, logger: deps.logger, dispatch: dispatchTarget(deps.config, deps.temporal, deps.db) }),
  };
}
