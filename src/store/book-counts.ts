import type { Db } from '../adapters/db';

/** Counts the metrics read at each scrape (src/metrics/books.ts) that Prisma's groupBy cannot express. */

/** Payout transactions by status. */
export function payoutCountsByStatus(db: Db) {
  return db.$queryRaw<Array<{ status: string; n: bigint }>>`
      SELECT status::text, COUNT(*) AS n FROM "OutboundTx" WHERE purpose LIKE 'payout:%' GROUP BY status`;
}

/** Unmined outbound transactions marked stuck, by kind (the purpose's prefix: payout, sweep, gas, ...). */
export function stuckOutboundByKind(db: Db) {
  return db.$queryRaw<Array<{ kind: string; n: bigint }>>`
      SELECT split_part(purpose, ':', 1) AS kind, COUNT(*) AS n FROM "OutboundTx"
      WHERE "stuckAt" IS NOT NULL AND status IN ('SIGNED', 'BROADCAST') GROUP BY 1`;
}

/** Webhook attempts by outcome: acknowledged (2xx, no error), unreachable (no status) or refused. */
export function webhookAttemptOutcomes(db: Db) {
  return db.$queryRaw<Array<{ outcome: string; n: bigint }>>`
      SELECT CASE WHEN "httpStatus" BETWEEN 200 AND 299 AND error IS NULL THEN 'acknowledged'
                  WHEN "httpStatus" IS NULL THEN 'unreachable' ELSE 'refused' END AS outcome, COUNT(*) AS n
      FROM "WebhookAttempt" GROUP BY 1`;
}
