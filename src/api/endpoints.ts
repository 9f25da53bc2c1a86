import type { Endpoint } from './endpoint';
import { adminLoginEndpoint } from './routes/admin-auth';
import { adminDepositEndpoints } from './routes/admin-deposits';
import { adminRetryEndpoint } from './routes/admin-headless';
import { adminTreasuryEndpoints } from './routes/admin-treasury';
import { adminOperatorEndpoints } from './routes/admin-operators';
import { adminWebhookEndpoints } from './routes/admin-webhooks';
import { adminWithdrawalEndpoints } from './routes/admin-withdrawals';
import { apiDocsEndpoints } from './routes/api-docs';
import { chainEndpoints } from './routes/chain';
import { depositorEndpoints } from './routes/depositor';
import { headlessEndpoints } from './routes/headless';
import { healthEndpoints } from './routes/health';
import { metricsEndpoints } from './routes/metrics';
import { operatorWebhookEndpoints } from './routes/operator-webhooks';
import { sessionEndpoints } from './routes/sessions';
import { testWebhookEndpoints } from './routes/test-webhook';
import { depositAddressEndpoint } from './routes/widget-deposit';
import { sessionInfoEndpoint } from './routes/widget-sessions';
import { directTransferEndpoint } from './routes/widget-withdraw';
import { withdrawDecisionEndpoints } from './routes/withdraw-decision';

/**
 * Every endpoint of the API, by caller: public, widget (sid), operator, admin. The registrar mounts them in this order
 * within each auth kind (src/api/register.ts), and the document lists them in it.
 */
export const apiEndpoints: Endpoint[] = [
  ...healthEndpoints,
  ...metricsEndpoints,
  ...chainEndpoints,
  ...apiDocsEndpoints,
  sessionInfoEndpoint,
  depositAddressEndpoint,
  directTransferEndpoint,
  ...sessionEndpoints,
  ...testWebhookEndpoints,
  ...depositorEndpoints,
  ...withdrawDecisionEndpoints,
  ...headlessEndpoints,
  ...operatorWebhookEndpoints,
  adminLoginEndpoint,
  ...adminOperatorEndpoints,
  ...adminWebhookEndpoints,
  ...adminDepositEndpoints,
  ...adminWithdrawalEndpoints,
  adminRetryEndpoint,
  ...adminTreasuryEndpoints,
];
