import express, { type Express } from 'express';
import { httpMetrics } from '../metrics/http';
import { apiMetricsRegistry } from '../metrics/registry';
import type { ApiDeps } from './deps';
import { errorHandler, notFound } from './error-handler';
import { adminAuth, operatorAuth } from './middleware/auth';
import { jsonBody, refuseUnstorableText } from './middleware/request-body';
import { requestContext } from './middleware/request-context';
import { sidRateLimit } from './middleware/sid-rate-limit';
import { adminAuthRoutes } from './routes/admin-auth';
import { adminDepositRoutes } from './routes/admin-deposits';
import { apiDocsRoutes } from './routes/api-docs';
import { adminHeadlessRoutes } from './routes/admin-headless';
import { adminOperatorRoutes } from './routes/admin-operators';
import { adminWebhookRoutes } from './routes/admin-webhooks';
import { adminWithdrawalRoutes } from './routes/admin-withdrawals';
import { chainRoutes } from './routes/chain';
import { depositorRoutes } from './routes/depositor';
import { headlessRoutes } from './routes/headless';
import { healthRoutes } from './routes/health';
import { metricsRoutes } from './routes/metrics';
import { operatorWebhookRoutes } from './routes/operator-webhooks';
import { sessionRoutes } from './routes/sessions';
import { testWebhookRoutes } from './routes/test-webhook';
import { widgetDepositRoutes } from './routes/widget-deposit';
import { widgetSessionRoutes } from './routes/widget-sessions';
import { widgetWithdrawRoutes } from './routes/widget-withdraw';
import { withdrawDecisionRoutes } from './routes/withdraw-decision';
import { widgetRoutes } from '../widget/routes';

/** Paths whose routes take the operator key. Widget (sid) routes under them are mounted before the guard. */
const OPERATOR_PATHS = ['/session', '/depositor', '/withdraw', '/withdrawals', '/webhooks'];
/** Every path that takes a sid (body or query): one per-sid rate limit for all of them. */
const SID_PATHS = ['/session/info', '/depositor/address', '/withdraw/direct-transfer', '/widget'];

/** The Express app, routes grouped by caller: public, widget (sid), operator, admin. */
export function createApp(deps: ApiDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  const metrics = apiMetricsRegistry({ db: deps.db, chains: deps.chains, bankroll: deps.config.BANKROLL_ADDRESS });
  app.use(requestContext(deps.logger));
  app.use(httpMetrics(metrics));
  app.use(jsonBody(), refuseUnstorableText);

  app.use(healthRoutes(deps));
  app.use(metricsRoutes(metrics, deps.config.METRICS_TOKEN));
  app.use(chainRoutes(deps));
  app.use(apiDocsRoutes());

  app.use(SID_PATHS, sidRateLimit());
  app.use(widgetRoutes(deps));
  app.use(widgetSessionRoutes(deps));
  app.use(widgetDepositRoutes(deps));
  app.use(widgetWithdrawRoutes(deps));

  app.use(OPERATOR_PATHS, operatorAuth(deps.db));
  app.use(sessionRoutes(deps));
  app.use(depositorRoutes(deps));
  app.use(testWebhookRoutes(deps));
  app.use(withdrawDecisionRoutes(deps));
  app.use(headlessRoutes(deps));
  app.use(operatorWebhookRoutes(deps));

  // After the operators' routes: every request walks the routers mounted before its own, and operators' are the busiest.
  app.use(adminAuthRoutes(deps));
  app.use('/admin', adminAuth(deps.db));
  app.use(adminOperatorRoutes(deps));
  app.use(adminWebhookRoutes(deps));
  app.use(adminWithdrawalRoutes(deps));
  app.use(adminDepositRoutes(deps));
  app.use(adminHeadlessRoutes(deps));

  app.use(notFound);
  app.use(errorHandler(deps.logger));
  return app;
}
