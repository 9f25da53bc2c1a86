import { dec } from '../domain/money';
import Decimal from 'decimal.js';
import type { ChainProviders } from '../adapters/chains';
import type { Db } from '../adapters/db';
import type { Logger } from '../adapters/logger';
import type { Config } from '../config/env';
import { capAmountOf, checkCaps } from '../domain/caps';
import type { HeldReason } from '../domain/withdrawals';
import { Prisma } from '../generated/prisma/client';
import type { OwnerCaps } from '../store/cap-usage';
import { bankrollBalance } from '../chain/bankroll-balance';
import { groupBalance, liquidityVerdict, readEarlyBalance, reservationInsert, reserveLiquidity, type EarlyBalance, type LockedLiquidity } from '../store/liquidity';
import { groupCommit } from '../store/group-commit';
import { ownerSection } from '../store/owner-section';
import type { RawTx } from '../store/sql';
import type { WithdrawalWithReservation } from '../store/withdrawal-reads';

export interface ApprovalDeps {
  config: Config;
  db: Db;
  chains: ChainProviders;
  logger: Logger;
}

export type ApprovalOutcome = { approved: true } | { approved: false; heldReason: HeldReason };

export type Verdict = { approved: true; capAmount: Decimal } | Extract<ApprovalOutcome, { approved: false }>;

type Payout = Pick<WithdrawalWithReservation, 'id' | 'chainId' | 'tokenAddress' | 'cryptoAmountRaw'>;

const held = (heldReason: HeldReason): Verdict => ({ approved: false, heldReason });
const reservationOf = (w: Payout) => ({ withdrawalId: w.id, chainId: w.chainId, tokenAddress: w.tokenAddress, raw: BigInt(w.cryptoAmountRaw!.toFixed(0)) });

/** The reservation both widget modes make before paying, and Mode B's approval around it, for the activities that run them. */
export function payoutReservations(d: ApprovalDeps) {
  const bankroll = d.config.BANKROLL_ADDRESS;
  /** The bankroll balance for the reservation, read before the caller's transaction so its locks never wait for the RPC. */
  const earlyBalance = (w: { chainId: number; tokenAddress: string }) =>
    readEarlyBalance(d.db, w.chainId, w.tokenAddress, bankrollBalance(d.chains, w.chainId, w.tokenAddress, bankroll));

  /** Reserves the payout's liquidity inside the caller's transaction (true when it fits). */
  async function reserve(tx: RawTx, w: Payout, early: EarlyBalance): Promise<boolean> {
    return (await reserveLiquidity(tx, reservationOf(w), early)) === 'RESERVED';
  }

  type Candidate = { w: WithdrawalWithReservation; early: EarlyBalance };
  /** One owner's approvals of one token that arrive while its section runs are decided together in the next. */
  const decideInSection = groupCommit((c: Candidate) => `${c.w.operatorId}:${c.w.chainId}:${c.w.tokenAddress.toLowerCase()}`, decideAll);

  /**
   * Mode B APPROVEs of one owner and token under the owner's section (src/store/owner-section.ts), in arrival order:
   * the owner's flags, caps and liquidity, re-read every time, each one counting the approvals before it. An approval
   * makes its reservation and starts to count; a refusal holds the withdrawal with the reason; all in one transaction.
   */
  async function decideAll(candidates: Candidate[]): Promise<Verdict[]> {
    const [{ w: first }] = candidates as [Candidate];
    const scope = { ownerId: first.operatorId, now: new Date(), withdrawalIds: candidates.map((c) => c.w.id), chainId: first.chainId, tokenAddress: first.tokenAddress };
    const verdicts: Verdict[] = [];
    await ownerSection(d.db, scope, null, async ({ caps, liquidity }) => {
      const early = await groupBalance(candidates, liquidity);
      let counted = caps.counted;
      let reserved = liquidity.reserved;
      const writes: Prisma.Sql[] = [];
      const decided = new Map<string, Verdict>();
      for (const { w } of candidates) {
        // The same withdrawal twice (an attempt retried while the first still ran): decided and written once.
        const again = decided.get(w.id);
        if (again) {
          verdicts.push(again);
          continue;
        }
        const verdict = await decide(w, { ...caps, counted }, { ...liquidity, reserved }, early);
        decided.set(w.id, verdict);
        verdicts.push(verdict);
        if (!verdict.approved) {
          writes.push(Prisma.sql`UPDATE "Withdrawal" SET held = true, "heldReason" = ${verdict.heldReason}, "updatedAt" = now() WHERE id = ${w.id}::uuid`);
          continue;
        }
        counted = [...counted, { ok: true, value: verdict.capAmount }];
        reserved += reservationOf(w).raw;
        writes.push(Prisma.sql`
          WITH u AS (
            UPDATE "Withdrawal" SET held = false, "heldReason" = NULL, "capAmount" = ${verdict.capAmount.toFixed(6)}::numeric, "capCurrency" = ${caps.currency},
              "updatedAt" = now()
            WHERE id = ${w.id}::uuid RETURNING id
          ), r AS (${reservationInsert(reservationOf(w))})
          SELECT id FROM u`);
      }
      return Prisma.join(writes, '; ', '', '');
    });
    return verdicts;
  }

  /**
   * Mode B APPROVE: approved at once when its liquidity is already reserved (an approval before, retried); otherwise
   * decided under the owner's section with the approvals of the owner and token that wait with it (decideAll).
   */
  async function approve(w: WithdrawalWithReservation): Promise<ApprovalOutcome> {
    if (w.reservationStatus) return { approved: true };
    const verdict = await decideInSection({ w, early: await earlyBalance(w) });
    const outcome: ApprovalOutcome = verdict.approved ? { approved: true } : verdict;
    d.logger.info('approval', { withdrawalId: w.id, ...outcome });
    return outcome;
  }

  return { earlyBalance, reserve, approve };
}

/** The approval's rules under the owner's section, in order: the owner's flags, its caps, then the token's liquidity. */
export async function decide(w: WithdrawalWithReservation, caps: OwnerCaps, liquidity: LockedLiquidity, early: EarlyBalance): Promise<Verdict> {
  if (caps.owner.status !== 'ACTIVE') return held('OPERATOR_INACTIVE');
  if (!caps.owner.autoRelease) return held('APPROVAL_NOT_ENABLED');
  const candidate = capAmountOf({ fiatAmount: dec(w.fiatAmount), fiatCurrency: w.fiatCurrency, amountInUsd: w.amountInUsd && dec(w.amountInUsd) }, caps.currency);
  const verdict = checkCaps({ candidate, singleLimit: caps.singleLimit, dailyLimit: caps.dailyLimit, counted: caps.counted });
  if (verdict === 'WITHDRAW_AMOUNT_TOO_HIGH' || verdict === 'DAILY_LIMIT_EXCEEDED') return held('CAP_EXCEEDED');
  if (verdict !== 'OK' || !candidate.ok) return held('TEMPORARILY_UNAVAILABLE');
  if ((await liquidityVerdict(liquidity, reservationOf(w).raw, early)) !== 'FITS') return held('TEMPORARILY_UNAVAILABLE');
  return { approved: true, capAmount: candidate.value };
}
