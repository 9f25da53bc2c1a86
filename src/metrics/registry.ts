import { collectDefaultMetrics, Registry } from 'prom-client';
import type { ChainProviders } from '../adapters/chains';
import type { Db } from '../adapters/db';
import { registerBookMetrics } from './books';
import { registerChainMetrics } from './chain';

/** The API's registry: process metrics, the books (database) and the chains (scanner lag, bankroll liquidity). */
export function apiMetricsRegistry(deps: { db: Db; chains: ChainProviders; bankroll: string }): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'gateway_api_' });
  registerBookMetrics(registry, deps.db);
  registerChainMetrics(registry, deps);
  return registry;
}
