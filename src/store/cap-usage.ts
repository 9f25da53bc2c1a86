import Decimal from 'decimal.js';
import { CAP_WINDOW_MS, platformFiat, type CapAmount } from '../domain/caps';
import type { Operator, Prisma } from '../generated/prisma/client';

export interface OwnerCaps {
  owner: Operator;
  currency: string;
  singleLimit: Decimal | null;
  dailyLimit: Decimal | null;
  /** What the rolling window holds (spec 8): completed in the window, pending PROCESSING, active reservations. */
  counted: CapAmount[];
}

const toDecimal = (d: { toString(): string } | null) => (d === null ? null : new Decimal(d.toString()));

/**
 * Locks the owning operator's row (so concurrent decisions and executes of one owner are serialised and can never
 * overshoot a cap together) and reads what its caps already count. Call inside the transaction that then commits
 * the new withdrawal's counting state. `excludeId`: the candidate itself, so a replay never counts it twice.
 * FOR NO KEY UPDATE conflicts with itself but not with the FOR KEY SHARE that an insert referencing the operator
 * takes (a session, a deposit address): those must not wait for a decision or an execute.
 */
export async function lockOwnerCaps(tx: Prisma.TransactionClient, ownerId: string, now: Date, excludeId?: string): Promise<OwnerCaps> {
  await tx.$queryRaw`SELECT id FROM "Operator" WHERE id = ${ownerId}::uuid FOR NO KEY UPDATE`;
  const owner = await tx.operator.findUniqueOrThrow({ where: { id: ownerId } });
  const currency = platformFiat(owner);
  const rows = await tx.withdrawal.findMany({
    where: {
      operatorId: ownerId,
      ...(excludeId ? { id: { not: excludeId } } : {}),
      OR: [
        // A completed withdrawal counts once: as completed, whatever its reservation says.
        { status: 'COMPLETED', completedAt: { gte: new Date(now.getTime() - CAP_WINDOW_MS) } },
        { status: 'PROCESSING' },
        { status: { not: 'COMPLETED' }, reservation: { status: 'ACTIVE' } },
      ],
    },
    select: { capAmount: true, capCurrency: true },
  });
  const counted: CapAmount[] = rows.map((r) =>
    r.capAmount !== null && r.capCurrency === currency
      ? { ok: true, value: new Decimal(r.capAmount.toString()) }
      : { ok: false, reason: `counted history in ${r.capCurrency ?? 'no currency'}, the cap in ${currency}` },
  );
  return { owner, currency, singleLimit: toDecimal(owner.withdrawApprovalMaxAmount), dailyLimit: toDecimal(owner.withdrawApprovalDailyMaxAmount), counted };
}
