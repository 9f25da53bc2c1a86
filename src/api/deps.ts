import type { Client } from '@temporalio/client';
import type { Connection } from '@temporalio/client';
import type { ChainProviders } from '../adapters/chains';
import type { Db } from '../adapters/db';
import type { Logger } from '../adapters/logger';
import type { FxProvider, PriceProvider } from '../adapters/prices';
import type { Config } from '../config/env';

/** What the API needs from the outside world; tests pass real ones built on test services. */
export interface ApiDeps {
  config: Config;
  db: Db;
  temporal: { client: Client; connection: Connection };
  chains: ChainProviders;
  logger: Logger;
  /** Prices and FX (pricingFrom): null answers mean unknown, and the API fails closed. */
  prices: PriceProvider;
  fx: FxProvider;
}
