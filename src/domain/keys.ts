/**
 * Every business key the gateway builds from an id: workflow ids, outbound transaction purposes, outbox unique keys
 * and advisory lock names. They are stored, or find running workflows and stored rows, so a changed string orphans
 * what was written under the old one. Pure and dependency-free: workflow code may import it.
 */

// Workflow ids (CONTRACT §1) name their resource, so the Web UI and `temporal workflow list` find them.

/** A headless intent's workflow. */
export const headlessWorkflowId = (sessionRef: string) => `headless-${sessionRef}`;

/** The workflow of a withdrawal of any mode: Mode C's is its intent's. */
export const withdrawalWorkflowId = (w: { id: string; mode: string; sessionRef: string }) =>
  w.mode === 'C' ? headlessWorkflowId(w.sessionRef) : `withdrawal-${w.id}`;

/**
 * The payout child workflow of one withdrawal (any mode): one per outbound transfer, so a parent replayed, reset or
 * retried reaches the same payout instead of starting a second one. A treasury send takes an id of its own kind.
 */
export const payoutWorkflowId = (withdrawalId: string) => `payout-${withdrawalId}`;

/** A treasury send's workflow (`treasury send` starts it): signs the transfer, then runs its payout child. */
export const treasurySendWorkflowId = (transferId: string) => `treasury-send-${transferId}`;

/** The payout child of a treasury send: the same payoutWorkflow as a withdrawal's, under an id of its own kind. */
export const treasuryPayoutWorkflowId = (transferId: string) => `treasury-payout-${transferId}`;

/** `deposit-<chainId>-<txHash>-<logIndex|native>`, with the log index the transfer was first seen at: a rescan never starts a second workflow. */
export const depositWorkflowId = (t: { chainId: number; txHash: string; logIndex: number }) =>
  `deposit-${t.chainId}-${t.txHash}-${t.logIndex < 0 ? 'native' : t.logIndex}`;

/** Stable for the deposit forever (spec 6.1): the operator dedupes credits on it. */
export const depositIdempotencyKey = depositWorkflowId;

export const webhookWorkflowId = (eventId: string) => `webhook-${eventId}`;

/**
 * Webhook deliveries run on a task queue of their own, polled by a worker of their own: an operator's slow endpoint
 * holds delivery slots only, never the slots payouts and deposits need (src/temporal/worker.ts).
 */
export const webhookTaskQueue = (taskQueue: string) => `${taskQueue}-webhooks`;

/**
 * A sent payout, a deposit's confirmations and its sweep are each followed by one activity attempt that polls inside
 * it (followPayout, followDepositConfirmations, followSweep), on a task queue of its own polled by a worker of its own:
 * what waits for blocks holds only that worker's slots, never the ones settlements and credits need (temporal/worker.ts).
 */
export const followTaskQueue = (taskQueue: string) => `${taskQueue}-follows`;

/** Per task queue: one relay and one scanner per chain for each worker fleet. */
export const webhookRelayWorkflowId = (taskQueue: string) => `webhook-relay-${taskQueue}`;
export const withdrawalRelayWorkflowId = (taskQueue: string) => `withdrawal-relay-${taskQueue}`;
export const chainScannerWorkflowId = (taskQueue: string, chainId: number) => `chain-scanner-${taskQueue}-${chainId}`;
export const dustSweeperWorkflowId = (taskQueue: string, chainId: number) => `dust-sweeper-${taskQueue}-${chainId}`;
/** The scheduled reconcile of every chain (RECONCILE_EVERY_SECONDS): one per worker fleet. */
export const reconcileWorkflowId = (taskQueue: string) => `reconcile-${taskQueue}`;
/** The treasury relay (lost send starts, the hot-wallet ceiling's timer): one per worker fleet. */
export const treasuryRelayWorkflowId = (taskQueue: string) => `treasury-relay-${taskQueue}`;

// OutboundTx purposes: unique per intended transfer, so the same purpose is never signed twice.

export const PURPOSE = {
  payout: 'payout:', sweep: 'sweep:', fee: 'fee:', gas: 'gas:', dustGas: 'dust-gas:', dustSweep: 'dust-sweep:', treasury: 'treasury:',
} as const;
export type PurposeKind = keyof typeof PURPOSE;

export const payoutPurpose = (withdrawalId: string) => `${PURPOSE.payout}${withdrawalId}`;
export const sweepPurpose = (depositId: bigint | string) => `${PURPOSE.sweep}${depositId}`;
export const feePurpose = (depositId: bigint | string) => `${PURPOSE.fee}${depositId}`;
/** The bankroll's gas top-up to a deposit address before its sweep. */
export const gasPurpose = (depositId: bigint | string) => `${PURPOSE.gas}${depositId}`;
/** An aggregate dust sweep's gas top-up and its one transfer to the bankroll. */
export const dustGasPurpose = (dustSweepId: bigint | string) => `${PURPOSE.dustGas}${dustSweepId}`;
export const dustSweepPurpose = (dustSweepId: bigint | string) => `${PURPOSE.dustSweep}${dustSweepId}`;

/** A treasury send's one transfer from the bankroll to a cold address. */
export const treasuryPurpose = (transferId: string) => `${PURPOSE.treasury}${transferId}`;

/** The id a purpose of that kind names: `payout:<id>` → `<id>`. */
export const purposeSubject = (kind: PurposeKind, purpose: string) => purpose.slice(PURPOSE[kind].length);

/** What a payout child pays: a withdrawal's payout, or a treasury send's transfer. */
export type PayoutTarget = { kind: 'withdrawal'; withdrawalId: string } | { kind: 'treasury'; transferId: string };

/**
 * The payout a payout child's input names: its purpose when it has one (a treasury send), else its withdrawal (every
 * run begun before treasury sends has a withdrawal id and no purpose).
 */
export function payoutTarget(p: { withdrawalId?: string; purpose?: string }): PayoutTarget {
  if (p.purpose !== undefined) {
    if (!p.purpose.startsWith(PURPOSE.treasury)) throw new Error(`a payout child pays no purpose ${p.purpose}`);
    return { kind: 'treasury', transferId: purposeSubject('treasury', p.purpose) };
  }
  if (p.withdrawalId === undefined) throw new Error('a payout child needs a withdrawal id or a purpose');
  return { kind: 'withdrawal', withdrawalId: p.withdrawalId };
}

/** confirmPayout's one argument for `t`: a withdrawal's id (as every run begun before treasury sends passes), or a treasury send's purpose. */
export const confirmPayoutArg = (t: PayoutTarget) => (t.kind === 'withdrawal' ? t.withdrawalId : treasuryPurpose(t.transferId));

/** The payout confirmPayout's argument names (a withdrawal id never starts with a purpose's prefix: it is a UUID). */
export const payoutTargetOfArg = (arg: string): PayoutTarget =>
  arg.startsWith(PURPOSE.treasury) ? { kind: 'treasury', transferId: purposeSubject('treasury', arg) } : { kind: 'withdrawal', withdrawalId: arg };

/** The workflow id of the payout child that pays `t`. */
export const payoutChildWorkflowId = (t: PayoutTarget) =>
  t.kind === 'withdrawal' ? payoutWorkflowId(t.withdrawalId) : treasuryPayoutWorkflowId(t.transferId);

// Outbox uniqueKeys: an event that may exist once only carries one; a second insert fails its transaction.

export const WITHDRAW_COMPLETE_KEY_PREFIX = 'WITHDRAW_COMPLETE:';
/** WITHDRAW_COMPLETE at most once per withdrawal, whatever its mode. */
export const withdrawCompleteKey = (withdrawalId: string) => `${WITHDRAW_COMPLETE_KEY_PREFIX}${withdrawalId}`;
export const depositEventKey = (depositId: bigint | string) => `DEPOSIT:${depositId}`;

/** A headless intent's FAILED and CANCELLED events (its WITHDRAW_COMPLETE keeps the shared key above). */
export const headlessEventKey = {
  cancelled: (withdrawalId: string) => `headless:${withdrawalId}:cancelled`,
  /** `seq` numbers the failures of one intent: each is its own event with its own eventId. */
  failed: (withdrawalId: string, seq: number) => `headless:${withdrawalId}:failed:${seq}`,
  prefix: (withdrawalId: string) => `headless:${withdrawalId}:`,
};

// Advisory lock names (transaction-scoped PostgreSQL locks, hashed to a number by the query that takes them).

/** One headless intent per (operator, reference). */
export const headlessReferenceLock = (operatorId: string, reference: string) => `headless-ref:${operatorId}:${reference}`;
/** One first deposit session per (operator, reference). */
export const depositReferenceLock = (operatorId: string, reference: string) => `deposit-ref:${operatorId}:${reference}`;
/** Everyone reserving one token's bankroll liquidity. */
export const liquidityLock = (chainId: number, tokenAddress: string) => `liquidity:${chainId}:${tokenAddress.toLowerCase()}`;
/** Every hot-wallet ceiling check of one chain: one decides at a time, seeing the sends the one before recorded. */
export const hotWalletLock = (chainId: number) => `hot-wallet:${chainId}`;
/** Everyone allocating a nonce for one sender on one chain. */
export const nonceLock = (chainId: number, from: string) => `nonce:${chainId}:${from.toLowerCase()}`;
/** All HD index allocation: the next index depends on every existing row, whoever owns it. */
export const HD_ALLOCATION_LOCK = 'deposit-address:hd-index';
/** One operator's sliding-window rate limit bucket. */
export const rateLimitLock = (subject: string, bucket: string) => `${subject}:${bucket}`;

/** X-Event-Id of a test send: never an outbox event, so never confused with one. */
export const testEventId = (sid: string) => `test-${sid}`;

/** Parent changes run one at a time under this lock, so two crossing changes cannot both pass the cycle check. */
export const OPERATOR_TREE_LOCK = 'operator-tree';
