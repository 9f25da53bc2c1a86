import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import './zod';
import type { Endpoint } from '../endpoint';
import { registerEndpoint, registerSecuritySchemes } from './operation';
import { registerWebhooks } from './webhooks';

/** Operations are listed by caller: public, admin, widget, then the operator's (stable within each). */
const LISTING = ['Public', 'Admin', 'Widget (sid)', 'Sessions', 'Depositors', 'Withdrawals', 'Headless withdrawals', 'Webhook events'];

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

/**
 * GET /openapi.json: one operation per declared endpoint, from the same objects the routes are mounted from (a route
 * cannot be served undocumented), and the webhooks the gateway sends.
 */
export function buildOpenApiDocument(endpoints: Endpoint[]): OpenApiDocument {
  const r = new OpenAPIRegistry();
  registerSecuritySchemes(r);
  const listed = [...endpoints].sort((a, b) => LISTING.indexOf(a.tag) - LISTING.indexOf(b.tag));
  for (const e of listed) registerEndpoint(r, e);
  registerWebhooks(r);
  return new OpenApiGeneratorV31(r.definitions).generateDocument({
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
}
