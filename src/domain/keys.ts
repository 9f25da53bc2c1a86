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

/** Per task queue: one relay and one scanner per chain for each worker fleet. */
export const webhookRelayWorkflowId = (taskQueue: string) => `webhook-relay-${taskQueue}`;
export const withdrawalRelayWorkflowId = (taskQueue: string) => `withdrawal-relay-${taskQueue}`;
export const chainScannerWorkflowId = (taskQueue: string, chainId: number) => `chain-scanner-${taskQueue}-${chainId}`;
export const dustSweeperWorkflowId = (taskQueue: string, chainId: number) => `dust-sweeper-${taskQueue}-${chainId}`;
/** The scheduled reconcile of every chain (RECONCILE_EVERY_SECONDS): one per worker fleet. */
export const reconcileWorkflowId = (taskQueue: string) => `reconcile-${taskQueue}`;

// OutboundTx purposes: unique per intended transfer, so the same purpose is never signed twice.

export const PURPOSE = { payout: 'payout:', sweep: 'sweep:', fee: 'fee:', gas: 'gas:', dustGas: 'dust-gas:', dustSweep: 'dust-sweep:' } as const;
export type PurposeKind = keyof typeof PURPOSE;

export const payoutPurpose = (withdrawalId: string) => `${PURPOSE.payout}${withdrawalId}`;
export const sweepPurpose = (depositId: bigint | string) => `${PURPOSE.sweep}${depositId}`;
export const feePurpose = (depositId: bigint | string) => `${PURPOSE.fee}${depositId}`;
/** The bankroll's gas top-up to a deposit address before its sweep. */
export const gasPurpose = (depositId: bigint | string) => `${PURPOSE.gas}${depositId}`;
/** An aggregate dust sweep's gas top-up and its one transfer to the bankroll. */
export const dustGasPurpose = (dustSweepId: bigint | string) => `${PURPOSE.dustGas}${dustSweepId}`;
export const dustSweepPurpose = (dustSweepId: bigint | string) => `${PURPOSE.dustSweep}${dustSweepId}`;

/** The id a purpose of that kind names: `payout:<id>` → `<id>`. */
export const purposeSubject = (kind: PurposeKind, purpose: string) => purpose.slice(PURPOSE[kind].length);

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
