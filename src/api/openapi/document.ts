import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import './zod';
import { registerSecuritySchemes } from './operation';
import { registerAdminPaths } from './paths-admin';
import { registerOperatorPaths } from './paths-operator';
import { registerPublicPaths } from './paths-public';
import { registerWidgetPaths } from './paths-widget';
import { registerWebhooks } from './webhooks';

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

let cached: OpenApiDocument | null = null;

/**
 * GET /openapi.json: built from the same zod schemas the routes parse with. A new route goes into the paths module
 * of its caller group (public, admin, widget, operator); the route-coverage test fails until it is there.
 */
export function openApiDocument(): OpenApiDocument {
  if (cached) return cached;
  const r = new OpenAPIRegistry();
  registerSecuritySchemes(r);
  registerPublicPaths(r);
  registerAdminPaths(r);
  registerWidgetPaths(r);
  registerOperatorPaths(r);
  registerWebhooks(r);
  cached = new OpenApiGeneratorV31(r.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Crypto payment gateway',
      version: '1',
      description:
        'Deposits and withdrawals in crypto for operators. Operator routes take the API key as a Bearer token; the widget ' +
        "routes take the session's sid; admin routes a token from POST /admin/login. Errors are `{ message, errorCode, error }`.",
    },
    tags: [
      { name: 'Sessions' },
      { name: 'Depositors' },
      { name: 'Withdrawals' },
      { name: 'Headless withdrawals' },
      { name: 'Webhook events' },
      { name: 'Widget (sid)', description: "Called by the widget: the session's sid is the credential." },
      { name: 'Admin' },
      { name: 'Public' },
      { name: 'Webhooks', description: 'What the gateway POSTs to the operator.' },
    ],
  });
  return cached;
}
