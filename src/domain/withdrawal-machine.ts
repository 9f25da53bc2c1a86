import { listsSource, sourcesOf, type Move, type MovesBy } from './state-machine';

/**
 * The widget withdrawal (Modes A and B): its states and every move between them (spec 3.1, CONTRACT §6). The
 * workflow's guards, the activities' conditional SQL and the routes' pre-checks all read this one table.
 */
export const WIDGET_STATUSES = ['PENDING', 'PROCESSING', 'AWAITING_APPROVAL', 'COMPLETED', 'REJECTED', 'CANCELLED', 'EXPIRED', 'FAILED'] as const;
export type WidgetStatus = (typeof WIDGET_STATUSES)[number];

/** Where a request starts: Mode A waits for an admin, Mode B for the operator's decision. */
export const WIDGET_ENTRY: Readonly<Record<'A' | 'B', WidgetStatus>> = { A: 'PENDING', B: 'AWAITING_APPROVAL' };

export interface WidgetMove extends Move<WidgetStatus> {
  modes: readonly ('A' | 'B')[];
}

export const WIDGET_MOVES = {
  /** CONTRACT §6 Mode A: an admin takes the request on (it counts in the daily total from here). */
  process: { from: ['PENDING'], to: 'PROCESSING', by: ['admin'], modes: ['A'] },
  /** Mode A: an admin completes it; the payout is signed (and its liquidity reserved) in the same step. */
  complete: { from: ['PROCESSING'], to: 'COMPLETED', by: ['admin'], modes: ['A'] },
  /** Mode A: an admin rejects it. */
  reject: { from: ['PENDING', 'PROCESSING'], to: 'REJECTED', by: ['admin'], modes: ['A'] },
  /** Mode B APPROVE (spec 4.8); a held approval is re-tried by the workflow until it settles or the TTL passes. */
  approve: { from: ['AWAITING_APPROVAL'], to: 'COMPLETED', by: ['operator', 'workflow'], modes: ['B'] },
  /** Mode B REJECT. */
  decline: { from: ['AWAITING_APPROVAL'], to: 'REJECTED', by: ['operator'], modes: ['B'] },
  /** A newer request in the widget supersedes it (Mode B), or the operator cancels its session. */
  supersede: { from: ['PENDING', 'AWAITING_APPROVAL'], to: 'CANCELLED', by: ['user', 'operator'], modes: ['A', 'B'] },
  /** Unactioned past the request's TTL (CONTRACT §6). */
  expire: { from: ['PENDING', 'AWAITING_APPROVAL'], to: 'EXPIRED', by: ['workflow'], modes: ['A', 'B'] },
  /** The signed payout reverted or can never be mined: nothing was paid. */
  failUnpaid: { from: ['COMPLETED'], to: 'FAILED', by: ['workflow'], modes: ['A', 'B'] },
} as const satisfies Record<string, WidgetMove>;

export type WidgetMoveName = keyof typeof WIDGET_MOVES;
const moves = Object.values(WIDGET_MOVES) as WidgetMove[];

export const isWidgetSource = (name: WidgetMoveName, status: string): boolean => listsSource(WIDGET_MOVES[name], status);

/** Some move of the table leads from `from` to `to`. */
export const isWidgetMove = (from: string, to: WidgetStatus): boolean => moves.some((m) => m.to === to && listsSource(m, from));

/** The moves that settle the withdrawal (sign its payout): Mode A's admin COMPLETED and Mode B's APPROVE. */
export const SETTLING_SOURCES: readonly WidgetStatus[] = sourcesOf([WIDGET_MOVES.complete, WIDGET_MOVES.approve]);

type AdminMoveName = MovesBy<typeof WIDGET_MOVES, 'admin'>;
export type AdminTarget = (typeof WIDGET_MOVES)[AdminMoveName]['to'];
const adminMoves = moves.filter((m) => m.by.includes('admin'));
/** The statuses an admin may set (PATCH /admin/withdrawals/:id/status), in table order. */
export const ADMIN_TARGETS = [...new Set(adminMoves.map((m) => m.to))] as readonly AdminTarget[];
/** The statuses an admin may move a withdrawal out of. */
export const ADMIN_SOURCES: readonly WidgetStatus[] = sourcesOf(adminMoves);

/** An admin may move a withdrawal out of this status (the route's pre-check; the workflow checks the target too). */
export const adminMayMove = (status: string): boolean => (ADMIN_SOURCES as readonly string[]).includes(status);

/** CONTRACT §6 Mode A admin moves: PENDING → PROCESSING | REJECTED; PROCESSING → COMPLETED | REJECTED. */
export function isLegalAdminMove(from: string, to: AdminTarget): boolean {
  return adminMoves.some((m) => m.to === to && listsSource(m, from));
}

/**
 * A request still in play: someone other than the workflow may still move it. A session has at most one (a partial
 * unique index holds it).
 */
export const LIVE_WIDGET_STATUSES: readonly WidgetStatus[] = sourcesOf(moves.filter((m) => m.by.some((actor) => actor !== 'workflow')));

/**
 * Statuses after which nobody acts on a widget withdrawal any more; only its own workflow may still turn a COMPLETED
 * one whose payout was never mined into FAILED.
 */
export const TERMINAL: ReadonlySet<string> = new Set(WIDGET_STATUSES.filter((s) => !LIVE_WIDGET_STATUSES.includes(s)));

export const isLiveWidget = (status: string): boolean => (LIVE_WIDGET_STATUSES as readonly string[]).includes(status);
