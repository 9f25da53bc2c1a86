/**
 * The scenarios `npm run record-histories` drives, one per workflow path the replay test must keep replaying. Each
 * goes through the API (or the fixtures the integration tests use), waits until its workflow run has closed as
 * expected, and names the runs to record.
 */
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { ensureDepositAddress } from '../src/store/deposit-addresses';
import { recordWebhookEvent } from '../src/store/outbox';
import { depositWorkflowId, payoutWorkflowId, webhookWorkflowId, withdrawalWorkflowId } from '../src/domain/keys';
import { drainGas, fund, mine, restoreGas } from '../dev/devchain/dev-commands';
import { createAdmin } from '../src/provisioning/admins';
import { createOperator } from '../src/provisioning/operators';
import type { TestContext } from '../test/support/harness';
import { headlessFixtures } from '../test/support/headless-fixtures';
import { http } from '../test/support/http';
import { delay, eventually, mineUntil } from '../test/support/wait';
import type { WebhookReceiver } from '../test/support/webhook-receiver';
import { withdrawFixtures } from '../test/support/withdraw-fixtures';

/** One run to record: the file it goes to, and what it shows. */
export interface RunToRecord {
  name: string;
  workflowId: string;
  runId: string;
  shows: string;
}

type Scenario = () => Promise<RunToRecord[]>;

/** The run ids of a continue-as-new chain, from `firstRunId` on: each ContinuedAsNew event names the next run. */
export async function runChain(client: Client, workflowId: string, firstRunId: string, runs: number): Promise<string[]> {
  const ids = [firstRunId];
  while (ids.length < runs) {
    const history = await client.workflow.getHandle(workflowId, ids.at(-1)).fetchHistory();
    const next = history.events?.at(-1)?.workflowExecutionContinuedAsNewEventAttributes?.newExecutionRunId;
    if (!next) throw new Error(`${workflowId} run ${ids.at(-1)} did not continue as new`);
    ids.push(next);
  }
  return ids;
}

export function scenarios(ctx: TestContext, receiver: WebhookReceiver, deadReceiver: WebhookReceiver): Record<string, Scenario> {
  const client = ctx.temporal.client;
  const nodeUrl = ctx.services.chainNodeUrl;
  const hl = headlessFixtures(ctx, receiver);
  const wd = withdrawFixtures(ctx);
  const mineOne = () => mine({ nodeUrl });

  /** Mines (payouts and sweeps wait for confirmations) until the workflow's latest run closes in `expected`. */
  async function closedRun(workflowId: string, expected = 'COMPLETED'): Promise<string> {
    const d = await mineUntil(mineOne, async () => {
      // A deposit's run is started by its scanner's workflow after the scan step returns: moments after its row.
      const desc = await client.workflow.getHandle(workflowId).describe().catch((err: unknown) => {
        if (err instanceof WorkflowNotFoundError) return null;
        throw err;
      });
      return desc === null || desc.status.name === 'RUNNING' ? null : desc;
    }, 120_000, `${workflowId} closed`);
    if (d.status.name !== expected) throw new Error(`${workflowId} closed ${d.status.name}, expected ${expected}`);
    return d.runId;
  }

  /** The run that started `childId` as its child, once it has closed (the scanner's runs are a few steps long here). */
  async function parentRun(childId: string, closed = true): Promise<{ workflowId: string; runId: string }> {
    const { workflowId, runId } = (await client.workflow.getHandle(childId).describe()).parentExecution ?? {};
    if (!workflowId || !runId) throw new Error(`${childId} has no parent`);
    if (closed) await eventually(async () => (await client.workflow.getHandle(workflowId, runId).describe()).status.name !== 'RUNNING' || null, 60_000, `${workflowId} run closed`);
    return { workflowId, runId };
  }

  async function adminToken(): Promise<string> {
    await createAdmin(ctx.db, 'recorder@example.com', 'recorder-password', 'ADMIN');
    const r = await http(ctx.apiUrl, 'POST', '/admin/login', { json: { email: 'recorder@example.com', password: 'recorder-password' } });
    return r.body.token as string;
  }

  async function submitted(apiKey: string, amount: string, status: string): Promise<string> {
    const s = await wd.session(apiKey, amount);
    const r = await wd.submit(s.sid, wd.recipient());
    if (r.status !== 201 || r.body.data.withdrawStatus !== status) throw new Error(`submit: ${r.status} ${r.text}`);
    return r.body.data.withdrawRequestId as string;
  }

  async function executedIntent(amount: string): Promise<string> {
    const op = await hl.operator();
    const { sessionRef } = await hl.intent(op.apiKey, { amount });
    const r = await hl.execute(op.apiKey, sessionRef);
    if (r.status !== 202) throw new Error(`execute: ${r.status} ${r.text}`);
    return `headless-${sessionRef}`;
  }

  /** The payout child workflow of the withdrawal whose workflow is `parentId` (closed with its parent). */
  async function payoutOf(parentId: string, name: string): Promise<RunToRecord> {
    const sessionRef = parentId.startsWith('headless-') ? parentId.slice('headless-'.length) : null;
    const w = sessionRef ? await ctx.db.withdrawal.findFirstOrThrow({ where: { sessionRef, mode: 'C' } }) : { id: parentId.slice('withdrawal-'.length) };
    const workflowId = payoutWorkflowId(w.id);
    const runId = await closedRun(workflowId);
    return { name, workflowId, runId, shows: `payout child of ${parentId.split('-')[0]}: send, confirmations, completion` };
  }

  return {
    async headlessCompleted() {
      const workflowId = await executedIntent('5.00');
      const runId = await closedRun(workflowId);
      return [
        { name: 'headless-completed', workflowId, runId, shows: 'execute update, sign, payout child workflow, COMPLETED' },
        await payoutOf(workflowId, 'payout-headless'),
      ];
    },

    async headlessGasContinueAsNew() {
      await drainGas({ nodeUrl, address: hl.bankroll });
      let workflowId: string;
      let firstRunId: string;
      try {
        workflowId = await executedIntent('6.00');
        firstRunId = (await client.workflow.getHandle(workflowId).describe()).runId;
        // The lowered suggestion (record-histories.ts) ends the first run after a few gas re-checks.
        await eventually(async () => (await client.workflow.getHandle(workflowId, firstRunId).describe()).status.name === 'CONTINUED_AS_NEW', 120_000, 'continue-as-new');
        await delay(2000); // a re-check or two in the second run, still without gas
      } finally {
        await restoreGas({ nodeUrl, address: hl.bankroll });
      }
      const lastRunId = await closedRun(workflowId);
      const runs = await runChain(client, workflowId, firstRunId, 2);
      if (runs.at(-1) !== lastRunId) throw new Error(`${workflowId} took more than two runs: re-record`);
      return [
        { name: 'headless-gas-run1', workflowId, runId: runs[0]!, shows: 'execute update, WAITING_FOR_GAS re-checks on the timer, continue-as-new' },
        { name: 'headless-gas-run2', workflowId, runId: runs[1]!, shows: 'resumed in WAITING_FOR_GAS, gas back, requeue, sign, payout child workflow, COMPLETED' },
      ];
    },

    async modeAAdminMoves() {
      const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Recorder A', webhookUrl: receiver.url });
      const admin = await adminToken();
      const id = await submitted(op.apiKey, '7.00', 'PENDING');
      for (const to of ['PROCESSING', 'COMPLETED']) {
        const r = await wd.adminMove(admin, id, to, `recorded ${to}`);
        if (r.status !== 200) throw new Error(`admin move to ${to}: ${r.status} ${r.text}`);
      }
      const workflowId = withdrawalWorkflowId({ id, mode: 'A', sessionRef: '' });
      const runId = await closedRun(workflowId);
      return [
        { name: 'withdrawal-mode-a', workflowId, runId, shows: 'adminTransition updates PENDING → PROCESSING → COMPLETED, payout child workflow' },
        await payoutOf(workflowId, 'payout-mode-a'),
      ];
    },

    async modeBHeldApproval() {
      const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, {
        name: 'Recorder B', webhookUrl: receiver.url, approvalMode: 'EXTERNAL', autoRelease: true, withdrawApprovalMaxAmount: '5',
      });
      const id = await submitted(op.apiKey, '8.00', 'AWAITING_APPROVAL');
      const r = await wd.decide(op.apiKey, id, 'APPROVE');
      if (r.body.data?.heldReason !== 'CAP_EXCEEDED') throw new Error(`decide: ${r.status} ${r.text}`);
      await delay(2500); // two held re-tries (HELD_APPROVAL_RETRY_SECONDS=1) that stay held
      await ctx.db.operator.update({ where: { id: op.id }, data: { withdrawApprovalMaxAmount: '100' } });
      const workflowId = withdrawalWorkflowId({ id, mode: 'B', sessionRef: '' });
      const runId = await closedRun(workflowId);
      return [{ name: 'withdrawal-mode-b-held', workflowId, runId, shows: 'decide APPROVE held CAP_EXCEEDED, re-tried on the timer, settles once the cap is raised' }];
    },

    async depositCredited() {
      const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Recorder D', webhookUrl: receiver.url });
      const { address } = await ensureDepositAddress(ctx.db, ctx.config.DEPOSIT_XPUB, op.id, 'recorder-depositor');
      const { txHash } = await fund({ nodeUrl, registry: ctx.services.registry, address, token: 'USDC', amount: '9' });
      const deposit = await mineUntil(mineOne, () => ctx.db.deposit.findFirst({ where: { txHash } }), 60_000, 'deposit detected');
      const workflowId = depositWorkflowId(deposit);
      const runId = await closedRun(workflowId);
      const scanner = await parentRun(workflowId);
      return [
        { name: 'deposit-credited', workflowId, runId, shows: 'confirmations, sweep, credit' },
        { name: 'chain-scanner-deposit-child', ...scanner, shows: 'a step that found a deposit: its workflow started as a child, then the cursor committed' },
      ];
    },

    async webhookRelayChild() {
      const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Recorder R', webhookUrl: receiver.url });
      // Committed with no start after it, as when the writer died between its commit and the start.
      const event = await ctx.db.$transaction((tx) => recordWebhookEvent(tx, ctx.config.SECRETS_KEY, { operatorId: op.id, event: 'DEPOSIT', body: 'event=DEPOSIT&recorded=relay' }));
      const workflowId = webhookWorkflowId(event.id);
      await eventually(async () => (await ctx.db.webhookEvent.findUnique({ where: { id: event.id } }))?.status === 'DELIVERED' || null, 30_000, 'relayed delivery');
      // The relay's run lasts 200 rounds: recorded while it runs, up to its latest round.
      const relay = await parentRun(workflowId, false);
      return [{ name: 'webhook-relay-child', ...relay, shows: 'rounds of the relay: a committed event never started, its delivery started as a child, then marked dispatched' }];
    },

    async webhookDeadLetter() {
      const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Recorder W', webhookUrl: deadReceiver.url, approvalMode: 'EXTERNAL' });
      const id = await submitted(op.apiKey, '4.00', 'AWAITING_APPROVAL');
      const event = await eventually(() => ctx.db.webhookEvent.findFirst({ where: { event: 'WITHDRAW_REQUEST', body: { contains: id } } }), 30_000, 'event');
      const workflowId = webhookWorkflowId(event.id);
      const runId = await eventually(async () => closedRun(workflowId).catch(() => null), 60_000, 'dead letter');
      return [{ name: 'webhook-dead-letter', workflowId, runId, shows: 'six failed attempts with the retry timers, then DEAD_LETTER' }];
    },
  };
}
