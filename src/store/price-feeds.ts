import type { Db } from '../adapters/db';
import { limitsFrom, type RegisteredFeed } from '../adapters/price-feeds';
import { sqlRows, type Statement } from './sql';

/** The feeds registered in Postgres with their limits and the chain's sequencer feed (read by src/chain/prices.ts). */

type FeedRow = { chainId: number; feed: string | null; heartbeat: number | null; minAnswer: string | null; maxAnswer: string | null; sequencer: string | null };

/** Prepared statements: every execute prices its payout. */
const TOKEN_FEED: Statement = {
  name: 'token-price-feed-limits',
  text: `SELECT t."chainId", t."priceFeed" AS feed, t."feedHeartbeat" AS heartbeat, t."feedMinAnswer"::text AS "minAnswer", t."feedMaxAnswer"::text AS "maxAnswer", c."sequencerUptimeFeed" AS sequencer
    FROM "Token" t JOIN "Chain" c ON c."chainId" = t."chainId" WHERE t."chainId" = $1 AND t.address = $2 AND t.active`,
};
const NATIVE_FEED: Statement = {
  name: 'native-price-feed-limits',
  text: `SELECT "chainId", "nativePriceFeed" AS feed, "nativeFeedHeartbeat" AS heartbeat, "nativeFeedMinAnswer"::text AS "minAnswer", "nativeFeedMaxAnswer"::text AS "maxAnswer", "sequencerUptimeFeed" AS sequencer
    FROM "Chain" WHERE "chainId" = $1`,
};
const FIAT_FEED: Statement = {
  name: 'fiat-feed-limits',
  text: `SELECT f."chainId", f.feed, f.heartbeat, f."minAnswer"::text AS "minAnswer", f."maxAnswer"::text AS "maxAnswer", c."sequencerUptimeFeed" AS sequencer
    FROM "FiatFeed" f JOIN "Chain" c ON c."chainId" = f."chainId" WHERE f.currency = $1`,
};

async function registeredFeed(db: Db, statement: Statement, params: unknown[]): Promise<RegisteredFeed | null> {
  const [row] = await sqlRows<FeedRow>(db, statement, params);
  if (!row?.feed) return null;
  return { chainId: row.chainId, address: row.feed, sequencer: row.sequencer, ...limitsFrom(row) };
}

/** The USD feed of an active token (`address` as stored: EIP-55, or TRON's base58), or null. */
export const tokenPriceFeed = (db: Db, chainId: number, address: string) => registeredFeed(db, TOKEN_FEED, [chainId, address]);

/** The USD feed of a chain's native coin, or null. */
export const nativePriceFeed = (db: Db, chainId: number) => registeredFeed(db, NATIVE_FEED, [chainId]);

/** The USD→`currency` feed, or null. */
export const fiatFeed = (db: Db, currency: string) => registeredFeed(db, FIAT_FEED, [currency]);
