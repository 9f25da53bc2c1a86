import { pricingFrom } from '../chain/prices';
import { webhookTaskQueue } from '../domain/keys';
import { createChainScanActivities } from './chain-scan';
import { createCommandActivities } from './commands';
import type { ActivityDeps } from './deps';
import { createDepositActivities } from './deposits';
import { createDustSweepActivities } from './dust-sweeps';
import { createHeadlessActivities } from './headless';
import { headlessExecutor } from './headless-execute';
import { createExecuteCheckedActivities } from './headless-execute-checked';
import { createRecordedApprovalActivities } from './recorded-approval';
import { createHotWalletActivities } from './hot-wallet';
import { createPayoutActivities } from './payouts';
import { createReconcileActivities } from './reconcile';
import { createSettlementActivities } from './settlement';
import { createTreasuryActivities } from './treasury-sends';
import { createWebhookActivities, createWebhookRelayActivities } from './webhooks';
import { createWithdrawalActivities } from './withdrawals';

export type { ActivityDeps, WorkflowStarts } from './deps';

/** Builds every activity with its dependencies injected. */
export function createActivities(deps: ActivityDeps) {
  const { config, db, chains, logger, workflows, signers } = deps;
  // One price provider for every group: concurrent reads of one feed, from any activity, share one read (in-flight.ts).
  const pricing = pricingFrom(config, db, chains);
  const payouts = createPayoutActivities({ config, db, chains, logger, workflows, signers });
  const settlement = createSettlementActivities({ config, db, chains, logger, workflows, signers, ...pricing });
  const commands = createCommandActivities({ db });
  const headless = createHeadlessActivities({ config, db, chains, logger, workflows, ...pricing });
  return {
    ...createWebhookActivities({ db, logger, allowedCidrs: config.WEBHOOK_ALLOWED_PRIVATE_CIDRS }),
    ...createWebhookRelayActivities({
      db, logger,
      deliveries: { taskQueue: webhookTaskQueue(config.TEMPORAL_TASK_QUEUE), retryDelaysSeconds: config.WEBHOOK_RETRY_DELAYS_SECONDS, timeoutMs: config.WEBHOOK_TIMEOUT_MS },
    }),
    ...createChainScanActivities({
      db, chains, logger, bankrollAddress: config.BANKROLL_ADDRESS,
      depositTimings: { pollMs: config.CHAIN_POLL_MS, priceRetrySeconds: config.PRICE_RETRY_SECONDS },
    }),
    ...payouts,
    ...createTreasuryActivities({ config, db, chains, logger, signers }),
    ...createWithdrawalActivities({ config, db, chains, logger, workflows, ...pricing }),
    ...settlement,
    ...createRecordedApprovalActivities({ claim: commands.claimWithdrawalCommand, approveAndSettle: settlement.approveAndSettle }),
    ...createDepositActivities({ config, db, chains, logger, workflows, signers, ...pricing }),
    ...createDustSweepActivities({ config, db, chains, logger, signers, ...pricing }),
    ...headless,
    ...createExecuteCheckedActivities({
      logger,
      execute: headlessExecutor({ db, chains, logger, ...pricing, bankroll: config.BANKROLL_ADDRESS }),
      readiness: payouts.headlessReadiness,
      markWaitingForGas: headless.markHeadlessWaitingForGas,
    }),
    ...createReconcileActivities({ config, db, chains, logger }),
    ...commands,
    ...createHotWalletActivities({ config, db, chains, logger, workflows, ...pricing }),
  };
}

export type Activities = ReturnType<typeof createActivities>;
