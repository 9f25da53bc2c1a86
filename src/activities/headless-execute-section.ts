import type { ApplicationFailure } from '@temporalio/common';
import Decimal from 'decimal.js';
import type { Db } from '../adapters/db';
import { refusal } from '../activities/refusal';
import { capAmountOf, checkCaps, type CapAmount } from '../domain/caps';
import { executeDisposition } from '../domain/headless';
import { Prisma, type Withdrawal } from '../generated/prisma/client';
import type { OwnerCaps } from '../store/cap-usage';
import { groupCommit } from '../store/group-commit';
import { lockedIntentStates, queueAndReserve, withdrawalRow, type LockedIntentState } from '../store/headless-queue';
import { groupBalance, liquidityVerdict, type EarlyBalance, type LockedLiquidity } from '../store/liquidity';
import { ownerSection } from '../store/owner-section';

/** A priced payout at the fresh price, plus the exact USD value the caps measure (rounded up there, never down). */
export interface Priced {
  raw: bigint;
  cryptoAmountSent: string;
  amountInUsd: string;
  usdExact: Decimal;
  priceRate: Decimal;
}

/** An execute as its owner's section weighs it: the facts read before the locks, its fresh price and early balance. */
export interface Candidate {
  w: Withdrawal;
  priced: Priced;
  early: EarlyBalance;
  now: Date;
}

/** What the section answers an execute: the queued row (or, for a replay, the row as it is), or its refusal. */
export type SectionOutcome = { row: Withdrawal; replay: boolean } | { refusal: ApplicationFailure };

/** Runs an execute in its owner's section with the executes of the owner and token that wait with it (executeAll). */
export type Section = (c: Candidate) => Promise<SectionOutcome>;

/** The owner's sections of one executor: executes of one owner and token that arrive while one runs go in the next. */
export function ownerSections(db: Db): Section {
  return groupCommit((c: Candidate) => `${c.w.operatorId}:${c.w.chainId}:${c.w.tokenAddress.toLowerCase()}`, (cs: Candidate[]) => executeAll(db, cs));
}

/**
 * Executes of one owner and token under one owner's section, in arrival order (as Mode B approvals, decideAll): the
 * owner's flags, caps and liquidity read once, each execute counting those queued before it (its cap amount, its
 * reservation), every queued intent and its reservation committed together. A refused execute writes nothing and
 * the others go on. The section's reads exclude no withdrawal from the window: an intent not yet executed holds no
 * reservation, so it is not counted anyway, and a replayed one (queued before) must count against the others.
 */
async function executeAll(db: Db, candidates: Candidate[]): Promise<SectionOutcome[]> {
  const [{ w: first }] = candidates as [Candidate];
  const ids = [...new Set(candidates.map((c) => c.w.id))];
  const scope = { ownerId: first.operatorId, now: new Date(), withdrawalIds: [], chainId: first.chainId, tokenAddress: first.tokenAddress };
  type Plan = { refusal: ApplicationFailure } | { id: string; replay: boolean };
  const plans: Plan[] = [];
  const rows = await ownerSection<LockedIntentState, Withdrawal>(db, scope, lockedIntentStates(ids), async ({ caps, liquidity, facts: locked }) => {
    const owner = ownerRefusal(caps.owner);
    if (owner) {
      plans.push(...candidates.map(() => ({ refusal: owner })));
      return null;
    }
    const state = new Map(locked.map((f) => [f.id, f]));
    let early: EarlyBalance | null = null;
    let counted = caps.counted;
    let reserved = liquidity.reserved;
    const writes: Prisma.Sql[] = [];
    const planned = new Map<string, Plan>();
    for (const c of candidates) {
      // The same intent twice (an execute retried while the first still ran): the second replays the first.
      const before = planned.get(c.w.id);
      if (before) {
        plans.push('refusal' in before ? before : { id: c.w.id, replay: true });
        continue;
      }
      const again = state.get(c.w.id);
      if (!again) throw new Error(`withdrawal ${c.w.id} not found`);
      const disposition = executeDisposition(again, c.now);
      let plan: Plan;
      if (disposition === 'NOT_EXECUTABLE') plan = { refusal: notExecutable(again.status) };
      else if (disposition === 'REPLAY') {
        plan = { id: c.w.id, replay: true };
        writes.push(withdrawalRow(c.w.id));
      } else {
        early ??= await groupBalance(candidates, liquidity);
        const checked = await checkExecute(c, { ...caps, counted }, { ...liquidity, reserved }, early);
        if ('refusal' in checked) plan = checked;
        else {
          plan = { id: c.w.id, replay: false };
          counted = [...counted, checked.candidate];
          reserved += c.priced.raw;
          writes.push(queueAndReserve(c.w, c.priced, c.now, checked.cap));
        }
      }
      planned.set(c.w.id, plan);
      plans.push(plan);
    }
    return writes.length > 0 ? Prisma.join(writes, '; ', '', '') : null;
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return plans.map((plan) => {
    if ('refusal' in plan) return plan;
    const row = byId.get(plan.id);
    // No row: the intent changed between the read under the locks and the update (nothing was reserved).
    return row ? { row, replay: plan.replay } : { refusal: notExecutable('changed') };
  });
}

function ownerRefusal(owner: OwnerCaps['owner']): ApplicationFailure | null {
  if (owner.status !== 'ACTIVE') return refusal('OPERATOR_INACTIVE', 'The operator that owns this intent is inactive');
  if (!owner.headlessEnabled) return refusal('HEADLESS_NOT_ENABLED', 'Headless mode is not enabled for the operator that owns this intent');
  return null;
}

/** An execute's liquidity and caps under the section, given what the executes queued before it hold and count. */
async function checkExecute(
  c: Candidate,
  caps: OwnerCaps,
  liquidity: LockedLiquidity,
  early: EarlyBalance,
): Promise<{ refusal: ApplicationFailure } | { candidate: CapAmount; cap: { capAmount: string | null; capCurrency: string | null } }> {
  const verdict = await liquidityVerdict(liquidity, c.priced.raw, early);
  if (verdict === 'BALANCE_UNAVAILABLE') return { refusal: refusal('BALANCE_UNAVAILABLE', 'The bankroll balance could not be read; nothing was reserved') };
  if (verdict === 'INSUFFICIENT_LIQUIDITY') return { refusal: refusal('INSUFFICIENT_LIQUIDITY', 'The bankroll cannot fund this payout now') };
  const candidate = capAmountOf({ fiatAmount: new Decimal(c.w.fiatAmount.toString()), fiatCurrency: c.w.fiatCurrency, amountInUsd: c.priced.usdExact }, caps.currency);
  const capVerdict = checkCaps({ candidate, singleLimit: caps.singleLimit, dailyLimit: caps.dailyLimit, counted: caps.counted });
  if (capVerdict !== 'OK') return { refusal: refusal(capVerdict, capMessage(capVerdict)) };
  const cap = candidate.ok ? { capAmount: candidate.value.toFixed(6), capCurrency: caps.currency } : { capAmount: null, capCurrency: null };
  return { candidate, cap };
}

export function notExecutable(status: string): ApplicationFailure {
  return refusal('HEADLESS_INTENT_NOT_EXECUTABLE', `The intent cannot be executed (${status === 'changed' ? 'its state changed' : status})`);
}

function capMessage(verdict: Exclude<ReturnType<typeof checkCaps>, 'OK'>): string {
  if (verdict === 'WITHDRAW_AMOUNT_TOO_HIGH') return 'The amount exceeds the single-withdrawal limit; nothing was reserved';
  if (verdict === 'DAILY_LIMIT_EXCEEDED') return 'The amount exceeds the rolling 24-hour limit; nothing was reserved';
  return 'The withdrawal limits cannot be verified in the limit currency; nothing was reserved';
}
