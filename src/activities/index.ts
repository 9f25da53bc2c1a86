import { Wallet } from 'ethers';
import { pricingFrom } from '../adapters/prices';
import { createChainScanActivities } from './chain-scan';
import type { ActivityDeps } from './deps';
import { createDepositActivities } from './deposits';
import { createHeadlessActivities } from './headless';
import { createPayoutActivities } from './payouts';
import { createWebhookActivities } from './webhooks';
import { createWithdrawalActivities } from './withdrawals';

export type { ActivityDeps, WorkflowStarts } from './deps';

/** Builds every activity with its dependencies injected. */
export function createActivities(deps: ActivityDeps) {
  const { config, db, chains, logger, workflows } = deps;
  return {
    ...createWebhookActivities({ db, logger, workflows }),
    ...createChainScanActivities({ db, chains, logger, workflows, bankrollAddress: new Wallet(config.BANKROLL_PRIVATE_KEY).address }),
    ...createPayoutActivities({ config, db, chains, logger, workflows }),
    ...createWithdrawalActivities({ config, db, chains, logger, workflows }),
    ...createDepositActivities({ config, db, chains, logger, workflows, ...pricingFrom(config, db, chains) }),
    ...createHeadlessActivities({ config, db, chains, logger, workflows, ...pricingFrom(config, db, chains) }),
  };
}

export type Activities = ReturnType<typeof createActivities>;
