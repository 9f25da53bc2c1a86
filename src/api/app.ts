import express, { type Express } from 'express';
import type { ApiDeps } from './deps';
import { errorHandler, notFound } from './error-handler';
import { adminAuth, operatorAuth } from './middleware/auth';
import { requestContext } from './middleware/request-context';
import { adminAuthRoutes } from './routes/admin-auth';
import { adminHeadlessRoutes } from './routes/admin-headless';
import { adminOperatorRoutes } from './routes/admin-operators';
import { adminWebhookRoutes } from './routes/admin-webhooks';
import { adminWithdrawalRoutes } from './routes/admin-withdrawals';
import { chainRoutes } from './routes/chain';
import { depositorRoutes } from './routes/depositor';
import { headlessRoutes } from './routes/headless';
import { healthRoutes } from './routes/health';
import { sessionRoutes } from './routes/sessions';
import { testWebhookRoutes } from './routes/test-webhook';
import { widgetDepositRoutes } from './routes/widget-deposit';
import { widgetSessionRoutes } from './routes/widget-sessions';
import { widgetWithdrawRoutes } from './routes/widget-withdraw';
import { withdrawDecisionRoutes } from './routes/withdraw-decision';

/** Paths whose routes take the operator key. Widget (sid) routes under them are mounted before the guard. */
const OPERATOR_PATHS = ['/session', '/depositor', '/withdraw', '/withdrawals'];

/** The Express app, routes grouped by caller: public, admin, widget (sid), operator. */
export function createApp(deps: ApiDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.use(requestContext(deps.logger));
  app.use(express.json({ limit: '100kb' }));

  app.use(healthRoutes(deps));
  app.use(chainRoutes(deps));

  app.use(adminAuthRoutes(deps));
  app.use('/admin', adminAuth(deps.db));
  app.use(adminOperatorRoutes(deps));
  app.use(adminWebhookRoutes(deps));
  app.use(adminWithdrawalRoutes(deps));
  app.use(adminHeadlessRoutes(deps));

  app.use(widgetSessionRoutes(deps));
  app.use(widgetDepositRoutes(deps));
  app.use(widgetWithdrawRoutes(deps));

  app.use(OPERATOR_PATHS, operatorAuth(deps.db));
  app.use(sessionRoutes(deps));
  app.use(depositorRoutes(deps));
  app.use(testWebhookRoutes(deps));
  app.use(withdrawDecisionRoutes(deps));
  app.use(headlessRoutes(deps));

  app.use(notFound);
  app.use(errorHandler(deps.logger));
  return app;
}
