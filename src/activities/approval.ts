import Decimal from 'decimal.js';
import type { ChainProviders } from '../adapters/chains';
import type { Db } from '../adapters/db';
import type { Logger } from '../adapters/logger';
import type { Config } from '../config/env';
import { capAmountOf, checkCaps } from '../domain/caps';
import type { HeldReason } from '../domain/withdrawals';
import type { Prisma } from '../generated/prisma/client';
import { lockOwnerCaps } from '../store/cap-usage';
import { bankrollBalance, readEarlyBalance, reserveLiquidity, type EarlyBalance } from '../store/liquidity';
import { sqlTransaction, type RawTx } from '../store/sql';
import type { WithdrawalWithReservation } from '../store/withdrawal-reads';

export interface ApprovalDeps {
  config: Config;
  db: Db;
  chains: ChainProviders;
  logger: Logger;
}

export type ApprovalOutcome = { approved: true } | { approved: false; heldReason: HeldReason };

const dec = (d: { toString(): string }) => new Decimal(d.toString());

/** The reservation both widget modes make before paying, and Mode B's approval around it, for the activities that run them. */
export function payoutReservations(d: ApprovalDeps) {
  const bankroll = d.config.BANKROLL_ADDRESS;
  /** The bankroll balance for reserve(), read before the caller's transaction so its locks never wait for the RPC. */
  const earlyBalance = (w: { chainId: number; tokenAddress: string }) =>
    readEarlyBalance(d.db, w.chainId, w.tokenAddress, bankrollBalance(d.chains, w.chainId, w.tokenAddress, bankroll));

  /** Reserves the payout's liquidity inside the caller's transaction (true when it fits). */
  async function reserve(tx: RawTx, w: { id: string; chainId: number; tokenAddress: string; cryptoAmountRaw: Prisma.Decimal | null }, early: EarlyBalance): Promise<boolean> {
    const r = { withdrawalId: w.id, chainId: w.chainId, tokenAddress: w.tokenAddress, raw: BigInt(w.cryptoAmountRaw!.toFixed(0)) };
    return (await reserveLiquidity(tx, r, early)) === 'RESERVED';
  }

  /**
   * Mode B APPROVE: approved at once when its liquidity is already reserved (an approval before, retried); otherwise
   * the owner's flags, caps (under the owner's row lock) and liquidity, re-read every time; on success the reservation
   * is made and the withdrawal starts to count. Anything short holds it with a reason.
   */
  async function approve(w: WithdrawalWithReservation): Promise<ApprovalOutcome> {
    if (w.reservationStatus) return { approved: true };
    const early = await earlyBalance(w);
    // On the pool's own connection (src/store/sql.ts): every approval of this owner waits for this section.
    const outcome = await sqlTransaction(d.db, async (tx): Promise<ApprovalOutcome> => {
      const caps = await lockOwnerCaps(tx, w.operatorId, new Date(), w.id);
      if (caps.owner.status !== 'ACTIVE') return { approved: false, heldReason: 'OPERATOR_INACTIVE' };
      if (!caps.owner.autoRelease) return { approved: false, heldReason: 'APPROVAL_NOT_ENABLED' };
      const candidate = capAmountOf({ fiatAmount: dec(w.fiatAmount), fiatCurrency: w.fiatCurrency, amountInUsd: w.amountInUsd && dec(w.amountInUsd) }, caps.currency);
      const verdict = checkCaps({ candidate, singleLimit: caps.singleLimit, dailyLimit: caps.dailyLimit, counted: caps.counted });
      if (verdict === 'WITHDRAW_AMOUNT_TOO_HIGH' || verdict === 'DAILY_LIMIT_EXCEEDED') return { approved: false, heldReason: 'CAP_EXCEEDED' };
      if (verdict !== 'OK' || !candidate.ok || !(await reserve(tx, w, early))) return { approved: false, heldReason: 'TEMPORARILY_UNAVAILABLE' };
      await tx.$executeRaw`
        UPDATE "Withdrawal" SET held = false, "heldReason" = NULL, "capAmount" = ${candidate.value.toFixed(6)}::numeric, "capCurrency" = ${caps.currency}, "updatedAt" = now()
        WHERE id = ${w.id}::uuid`;
      return { approved: true };
    });
    if (!outcome.approved) await d.db.withdrawal.update({ where: { id: w.id }, data: { held: true, heldReason: outcome.heldReason } });
    d.logger.info('approval', { withdrawalId: w.id, ...outcome });
    return outcome;
  }

  return { earlyBalance, reserve, approve };
}
