import { randomUUID } from 'node:crypto';
import type { ChainProviders } from '../adapters/chains';
import type { Db } from '../adapters/db';
import type { Logger } from '../adapters/logger';
import type { FxProvider, PriceProvider } from '../adapters/prices';
import type { Config } from '../config/env';
import { REASON, type HeadlessStatus, type ReasonCode } from '../domain/headless';
import { HEADLESS_MOVES, headlessSourceFilter } from '../domain/headless-machine';
import { executeResult, type ExecuteResult } from '../domain/headless-intent';
import { headlessEventKey, payoutPurpose } from '../domain/keys';
import { withdrawCancelledBody, withdrawFailedBody } from '../domain/withdrawal-events';
import type { WebhookEventType } from '../domain/webhook-events';
import type { Prisma, Withdrawal, WithdrawStatus } from '../generated/prisma/client';
import { recordWebhookEvent } from '../store/outbox';
import { assetRefusal, requirePayoutReadiness } from '../store/headless-assets';
import { moveHeadlessStatus } from '../store/headless-moves';
import { headlessExecutor } from './headless-execute';
import type { WorkflowStarts } from './deps';

export interface HeadlessActivityDeps {
  config: Config;
  db: Db;
  chains: ChainProviders;
  logger: Logger;
  workflows: Pick<WorkflowStarts, 'dispatchWebhook'>;
  prices: PriceProvider;
  fx: FxProvider;
}

export interface FailureInput {
  withdrawalId: string;
  retryable: boolean;
  reasonCode: ReasonCode;
  /** Numbers this intent's failures, so each is its own event (spec 6.4: FAILED may come more than once). */
  seq: number;
}

const released = (tx: Prisma.TransactionClient, withdrawalId: string) =>
  tx.reservation.updateMany({ where: { withdrawalId, status: 'ACTIVE' }, data: { status: 'RELEASED', releasedAt: new Date() } });

/**
 * The headless (Mode C) steps that touch PostgreSQL. Every transition is conditional on the state it leaves, and
 * writes its outbox event in the same transaction (DESIGN invariant 4); the event is dispatched after commit.
 */
export function createHeadlessActivities(d: HeadlessActivityDeps) {
  const execute = headlessExecutor({ ...d, bankroll: d.config.BANKROLL_ADDRESS });

  /**
   * Runs `change` (a conditional update returning the changed row, or null when it did not apply) and records the
   * event in the same transaction. A retry after a commit whose answer was lost finds the event by its uniqueKey and
   * dispatches it again (idempotent). Returns the intent's status afterwards.
   */
  async function transition(
    withdrawalId: string,
    event: Extract<WebhookEventType, 'WITHDRAW_FAILED' | 'WITHDRAW_CANCELLED'>,
    uniqueKey: string,
    change: (tx: Prisma.TransactionClient) => Promise<Withdrawal | null>,
    body: (w: Withdrawal, eventId: string) => string,
  ): Promise<WithdrawStatus> {
    const eventId = randomUUID();
    await d.db.$transaction(async (tx) => {
      const w = await change(tx);
      if (w) await recordWebhookEvent(tx, d.config.SECRETS_KEY, { operatorId: w.operatorId, event, body: body(w, eventId), eventId, uniqueKey });
    });
    const recorded = await d.db.webhookEvent.findUnique({ where: { uniqueKey }, select: { id: true, operatorId: true } });
    if (recorded) await d.workflows.dispatchWebhook(recorded);
    const { status } = await d.db.withdrawal.findUniqueOrThrow({ where: { id: withdrawalId }, select: { status: true } });
    d.logger.info('headless transition', { withdrawalId, status, event: recorded ? event : null });
    return status;
  }

  /** Moves the intent if it matches `where`, returning the row after the move, or null. */
  async function moved(tx: Prisma.TransactionClient, id: string, where: Prisma.WithdrawalWhereInput, data: Prisma.WithdrawalUpdateManyMutationInput) {
    const { count } = await tx.withdrawal.updateMany({ where: { id, ...where }, data });
    return count === 1 ? tx.withdrawal.findUniqueOrThrow({ where: { id } }) : null;
  }

  return {
    /** Spec 4.10 execute: one PostgreSQL transaction; refusals are non-retryable failures typed by errorCode. */
    async executeHeadlessIntent(input: { withdrawalId: string; callerOperatorId: string }): Promise<ExecuteResult> {
      return (await execute(input)).result;
    },

    /** CREATED past its TTL → EXPIRED with WITHDRAW_CANCELLED INTENT_EXPIRED (CONTRACT §6). True when it is EXPIRED. */
    async expireHeadlessIntent(withdrawalId: string): Promise<boolean> {
      const status = await transition(
        withdrawalId,
        'WITHDRAW_CANCELLED',
        headlessEventKey.cancelled(withdrawalId),
        (tx) => moved(tx, withdrawalId, headlessSourceFilter('expire'), { status: HEADLESS_MOVES.expire.to, reasonCode: REASON.INTENT_EXPIRED }),
        (w, eventId) => withdrawCancelledBody(w, { reasonCode: REASON.INTENT_EXPIRED, eventId }),
      );
      return status === HEADLESS_MOVES.expire.to;
    },

    /**
     * Operator cancel (spec 4.12): only with no hash and no signed transaction; releases the reservation and writes
     * WITHDRAW_CANCELLED. True when the intent is CANCELLED.
     */
    async cancelHeadlessIntent(withdrawalId: string): Promise<boolean> {
      const status = await transition(
        withdrawalId,
        'WITHDRAW_CANCELLED',
        headlessEventKey.cancelled(withdrawalId),
        async (tx) => {
          // The signed transaction is the boundary even before its hash reaches the intent row.
          if (await tx.outboundTx.findUnique({ where: { purpose: payoutPurpose(withdrawalId) }, select: { id: true } })) return null;
          const w = await moved(tx, withdrawalId, headlessSourceFilter('cancel'), { status: HEADLESS_MOVES.cancel.to, retryable: null, reasonCode: REASON.CANCELLED_BY_OPERATOR });
          if (w) await released(tx, withdrawalId);
          return w;
        },
        (w, eventId) => withdrawCancelledBody(w, { reasonCode: REASON.CANCELLED_BY_OPERATOR, eventId }),
      );
      return status === HEADLESS_MOVES.cancel.to;
    },

    /**
     * FAILED with WITHDRAW_FAILED. Retryable: only before any hash, and the reservation stays (still counted in caps);
     * terminal: the reservation is released. True when this failure is recorded.
     */
    async failHeadlessIntent(f: FailureInput): Promise<boolean> {
      const move = f.retryable ? 'failRetryable' : 'fail';
      const uniqueKey = headlessEventKey.failed(f.withdrawalId, f.seq);
      await transition(
        f.withdrawalId,
        'WITHDRAW_FAILED',
        uniqueKey,
        async (tx) => {
          const w = await moved(tx, f.withdrawalId, headlessSourceFilter(move), { status: HEADLESS_MOVES[move].to, retryable: f.retryable, reasonCode: f.reasonCode });
          if (w && !f.retryable) await released(tx, f.withdrawalId);
          return w;
        },
        (w, eventId) => withdrawFailedBody(w, { retryable: f.retryable, reasonCode: f.reasonCode, eventId }),
      );
      return (await d.db.webhookEvent.count({ where: { uniqueKey } })) === 1;
    },

    /** EXECUTION_QUEUED → WAITING_FOR_GAS (CONTRACT §4): the bankroll lacks native gas for the payout. */
    async markHeadlessWaitingForGas(withdrawalId: string): Promise<boolean> {
      return moveHeadlessStatus(d.db, 'waitForGas', withdrawalId);
    },

    /** WAITING_FOR_GAS or FAILED(retryable), no hash → EXECUTION_QUEUED: a re-check found gas, or an admin retried. */
    async requeueHeadlessIntent(withdrawalId: string): Promise<boolean> {
      const { count } = await d.db.withdrawal.updateMany({
        where: { id: withdrawalId, ...headlessSourceFilter('requeue') },
        data: { status: HEADLESS_MOVES.requeue.to, retryable: null, reasonCode: null },
      });
      return count === 1;
    },

    /** Whether the intent's chain and token are still supported, before an attempt signs (runs begun before headlessReadiness). */
    async headlessAssetSupported(withdrawalId: string): Promise<boolean> {
      return assetRefusal(await requirePayoutReadiness(d.db, withdrawalId), d.chains) === null;
    },

    /** The stored state, for the workflow to adopt when a conditional transition found the row elsewhere. */
    async headlessIntentState(withdrawalId: string): Promise<{ status: HeadlessStatus; retryable: boolean | null; executed: ExecuteResult | null }> {
      const w = await d.db.withdrawal.findUniqueOrThrow({ where: { id: withdrawalId } });
      return { status: w.status as HeadlessStatus, retryable: w.retryable, executed: w.executedAt ? executeResult(w, false) : null };
    },
  };
}

export type HeadlessActivities = ReturnType<typeof createHeadlessActivities>;
