import type { ChainProviders } from '../adapters/chains';
import type { Db } from '../adapters/db';

export interface ReconcileDeps {
  db: Db;
  chains: ChainProviders;
  /** The bankroll wallet's address (EVM form; the same key in TRON form on TRON chains). */
  bankroll: string;
}
