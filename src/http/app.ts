import express, { type Express } from 'express';
import type { ApiDeps } from '../api/deps';
import { errorHandler, notFound } from '../api/error-handler';
import { jsonBody, refuseUnstorableText } from '../api/middleware/request-body';
import { requestContext } from '../api/middleware/request-context';
import { mountEndpoints } from '../api/register';
import { apiDocsAssets } from '../api/routes/api-docs';
import { httpMetrics } from '../metrics/http';
import { apiMetricsRegistry } from '../metrics/registry';
import { endpointGroups, openApiDocument } from './endpoints';

/**
 * The HTTP app: the checks every request passes (request id and log line, metrics, JSON bodies, storable text), then
 * every declared endpoint of the API and the widget (src/api/register.ts decides the order and the guards), then 404
 * and the one error mapper.
 */
export function createApp(deps: ApiDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  const metrics = apiMetricsRegistry({ db: deps.db, chains: deps.chains, bankroll: deps.config.BANKROLL_ADDRESS });
  app.use(requestContext(deps.logger));
  app.use(httpMetrics(metrics));
  app.use(jsonBody(), refuseUnstorableText);

  app.use(...apiDocsAssets());
  mountEndpoints(app, endpointGroups, { ...deps, metrics, openApi: openApiDocument, readiness: { chainIds: deps.chains.configuredChainIds() } });

  app.use(notFound);
  app.use(errorHandler(deps.logger));
  return app;
}
