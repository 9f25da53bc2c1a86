import { pricingFrom } from '../chain/prices';
import { createChainScanActivities } from './chain-scan';
import type { ActivityDeps } from './deps';
import { createDepositActivities } from './deposits';
import { createDustSweepActivities } from './dust-sweeps';
import { createHeadlessActivities } from './headless';
import { createPayoutActivities } from './payouts';
import { createSettlementActivities } from './settlement';
import { createWebhookActivities } from './webhooks';
import { createWithdrawalActivities } from './withdrawals';

export type { ActivityDeps, WorkflowStarts } from './deps';

/** Builds every activity with its dependencies injected. */
export function createActivities(deps: ActivityDeps) {
  const { config, db, chains, logger, workflows, signers } = deps;
  return {
    ...createWebhookActivities({ db, logger, workflows, allowedCidrs: config.WEBHOOK_ALLOWED_PRIVATE_CIDRS }),
    ...createChainScanActivities({ db, chains, logger, workflows, bankrollAddress: config.BANKROLL_ADDRESS }),
    ...createPayoutActivities({ config, db, chains, logger, workflows, signers }),
    ...createWithdrawalActivities({ config, db, chains, logger, workflows, ...pricingFrom(config, db, chains) }),
    ...createSettlementActivities({ config, db, chains, logger, workflows, signers, ...pricingFrom(config, db, chains) }),
    ...createDepositActivities({ config, db, chains, logger, workflows, signers, ...pricingFrom(config, db, chains) }),
    ...createDustSweepActivities({ config, db, chains, logger, signers, ...pricingFrom(config, db, chains) }),
    ...createHeadlessActivities({ config, db, chains, logger, workflows, ...pricingFrom(config, db, chains) }),
  };
}

export type Activities = ReturnType<typeof createActivities>;
