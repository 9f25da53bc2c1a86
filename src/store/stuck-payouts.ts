import type { Db } from '../adapters/db';
import { payoutPurpose, PURPOSE, purposeSubject } from '../domain/keys';

/** Ids of withdrawals (all, or among `ids`) whose payout is still unmined past the stuck threshold. */
export async function stuckPayouts(db: Db, ids?: string[]): Promise<Set<string>> {
  const rows = await db.outboundTx.findMany({
    where: { stuckAt: { not: null }, status: { in: ['SIGNED', 'BROADCAST'] }, ...(ids ? { purpose: { in: ids.map(payoutPurpose) } } : { purpose: { startsWith: PURPOSE.payout } }) },
    select: { purpose: true },
  });
  return new Set(rows.map((r) => purposeSubject('payout', r.purpose)));
}
