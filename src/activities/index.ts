import type { ChainProviders } from '../adapters/chains';
import type { Db } from '../adapters/db';
import type { Logger } from '../adapters/logger';
import type { Config } from '../config/env';

/** What activities may touch: they hold all of the gateway's I/O. */
export interface ActivityDeps {
  config: Config;
  db: Db;
  chains: ChainProviders;
  logger: Logger;
}

/** Builds every activity with its dependencies injected. */
export function createActivities(_deps: ActivityDeps) {
  return {};
}
