import { listsSource, type Move } from './state-machine';

/**
 * The headless (Mode C) intent: its states and every move between them (spec 4.10-4.13, CONTRACT §4). The workflow's
 * guards, the activities' conditional SQL and the routes' pre-checks all read this one table.
 *
 * FAILED counts as a source only while retryable: a FAILED that is not retryable is final. A move marked
 * `beforeSigning` is refused once the payout transaction has been signed (its hash is the uncertainty boundary).
 */
export const HEADLESS_STATUSES = ['CREATED', 'EXECUTION_QUEUED', 'WAITING_FOR_GAS', 'RECONCILING', 'COMPLETED', 'FAILED', 'CANCELLED', 'EXPIRED'] as const;
export type HeadlessStatus = (typeof HEADLESS_STATUSES)[number];

export interface HeadlessMove extends Move<HeadlessStatus> {
  beforeSigning?: true;
}

export const HEADLESS_MOVES = {
  /** Spec 4.10: priced, reserved and queued in one transaction. */
  execute: { from: ['CREATED'], to: 'EXECUTION_QUEUED', by: ['operator'] },
  /** CONTRACT §6: un-executed past its TTL. */
  expire: { from: ['CREATED'], to: 'EXPIRED', by: ['workflow'] },
  /** Spec 4.12. */
  cancel: { from: ['CREATED', 'EXECUTION_QUEUED', 'WAITING_FOR_GAS', 'FAILED'], to: 'CANCELLED', by: ['operator'], beforeSigning: true },
  /** CONTRACT §4: the bankroll lacks native gas for the payout. */
  waitForGas: { from: ['EXECUTION_QUEUED'], to: 'WAITING_FOR_GAS', by: ['workflow'] },
  /** A gas re-check found gas (workflow), or spec 4.13's retry (admin). */
  requeue: { from: ['WAITING_FOR_GAS', 'FAILED'], to: 'EXECUTION_QUEUED', by: ['admin', 'workflow'], beforeSigning: true },
  /** The payout is signed and its hash stored, before broadcast. */
  sign: { from: ['EXECUTION_QUEUED'], to: 'RECONCILING', by: ['workflow'] },
  /** FAILED(retryable): the chain or the database did not answer before any hash existed. */
  failRetryable: { from: ['EXECUTION_QUEUED', 'WAITING_FOR_GAS'], to: 'FAILED', by: ['workflow'], beforeSigning: true },
  /** FAILED for good: the asset is no longer supported, or the signed payout reverted or can never be mined. */
  fail: { from: ['EXECUTION_QUEUED', 'WAITING_FOR_GAS', 'RECONCILING'], to: 'FAILED', by: ['workflow'] },
  /** Confirmed on chain: WITHDRAW_COMPLETE. */
  complete: { from: ['RECONCILING'], to: 'COMPLETED', by: ['workflow'] },
} as const satisfies Record<string, HeadlessMove>;

export type HeadlessMoveName = keyof typeof HEADLESS_MOVES;
export const HEADLESS_MOVE_NAMES = Object.keys(HEADLESS_MOVES) as HeadlessMoveName[];

export const headlessMove = (name: HeadlessMoveName): HeadlessMove => HEADLESS_MOVES[name];

/** `status` is one of the move's listed sources (FAILED without its retryable flag: the caller knows it). */
export const isHeadlessSource = (name: HeadlessMoveName, status: string): boolean => listsSource(headlessMove(name), status);

export interface HeadlessFacts {
  status: HeadlessStatus;
  /** The FAILED flag; null while not failed. */
  retryable: boolean | null;
  /** A payout transaction has been signed and stored (spec 3.2); unknown counts as not. */
  hasTxHash?: boolean;
}

/** The move may leave this state: a listed source (FAILED only while retryable), before signing where it must be. */
export function allowsHeadless(name: HeadlessMoveName, s: HeadlessFacts): boolean {
  const move = headlessMove(name);
  if (move.beforeSigning && s.hasTxHash) return false;
  if (!move.from.includes(s.status)) return false;
  return s.status !== 'FAILED' || s.retryable === true;
}

/** Nothing changes any more: no move leaves the state (completed, cancelled, expired, or failed for good). */
export function isTerminal(s: { status: HeadlessStatus; retryable: boolean | null }): boolean {
  return !HEADLESS_MOVE_NAMES.some((name) => allowsHeadless(name, { status: s.status, retryable: s.retryable, hasTxHash: false }));
}

/** A conditional update's filter: the rows `name` may leave (a plain object in Prisma's where shape). */
export type SourceFilter =
  | { status: { in: HeadlessStatus[] }; settlementTxHash?: null }
  | { OR: [{ status: { in: HeadlessStatus[] } }, { status: 'FAILED'; retryable: true }]; settlementTxHash?: null };

/** The table as SQL: the listed sources (FAILED only while retryable), and no hash yet where the move comes before signing. */
export function headlessSourceFilter(name: HeadlessMoveName): SourceFilter {
  const move = headlessMove(name);
  const others = move.from.filter((s) => s !== 'FAILED');
  const sources: SourceFilter = move.from.includes('FAILED') ? { OR: [{ status: { in: others } }, { status: 'FAILED', retryable: true }] } : { status: { in: others } };
  return move.beforeSigning ? { settlementTxHash: null, ...sources } : sources;
}
