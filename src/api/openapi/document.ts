import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import './zod';
import type { Endpoint } from '../endpoint';
import { OPERATION_EXAMPLES } from './examples';
import { registerEndpoint, registerSecuritySchemes } from './operation';
import { registerWebhooks } from './webhooks';

/**
 * The API's version (semver): a breaking change to the document raises the major, an addition the minor
 * (docs/versioning.md). CHANGELOG.md has its entry, and the released document under docs/openapi/released/ is the one
 * the breaking-change gate (scripts/api-breaking-check.ts) compares against.
 */
export const API_VERSION = '1.0.0';

/** Operations are listed by caller: public, admin, widget, then the operator's (stable within each). */
const LISTING = ['Public', 'Admin', 'Widget (sid)', 'Sessions', 'Depositors', 'Withdrawals', 'Headless withdrawals', 'Webhook events'];

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

interface Operation {
  operationId?: string;
  parameters?: Array<{ name: string; example?: unknown }>;
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
}

/** Places each operation's example (src/api/openapi/examples.ts) beside its schemas; a name that is not there throws. */
function placeExamples(doc: OpenApiDocument): void {
  const operations = Object.values(doc.paths ?? {}).flatMap((item) => Object.values(item as Record<string, Operation>));
  for (const [operationId, example] of Object.entries(OPERATION_EXAMPLES)) {
    const op = operations.find((o) => o.operationId === operationId);
    if (!op) throw new Error(`OpenAPI example for unknown operation ${operationId}`);
    for (const [name, value] of Object.entries(example.parameters ?? {})) {
      const parameter = op.parameters?.find((p) => p.name === name);
      if (!parameter) throw new Error(`OpenAPI example of ${operationId}: no parameter ${name}`);
      parameter.example = value;
    }
    if (example.body !== undefined) {
      const media = Object.values(op.requestBody?.content ?? {})[0];
      if (!media) throw new Error(`OpenAPI example of ${operationId}: no request body`);
      media.example = example.body;
    }
    const media = Object.values(op.responses[String(example.response.status)]?.content ?? {})[0];
    if (!media) throw new Error(`OpenAPI example of ${operationId}: no ${example.response.status} answer with a body`);
    media.example = example.response.body;
  }
}

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
  const doc = new OpenApiGeneratorV31(r.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Crypto payment gateway',
      version: API_VERSION,
      description:
        'Deposits and withdrawals in crypto for operators. Operator routes take the API key as a Bearer token; the widget ' +
        "routes take the session's sid; admin routes a token from POST /admin/login. Errors are `{ message, errorCode, error }`: " +
        'branch on errorCode; each operation lists the codes it can answer, by status, with whether the same request can succeed ' +
        'later (`x-error-codes`, and docs/errors.md for the whole catalog).',
    },
    servers: [
      {
        url: '{baseUrl}',
        description: "The gateway's public base URL (PUBLIC_BASE_URL of the deployment)",
        variables: { baseUrl: { default: 'http://localhost:3000', description: 'http://HOST:PORT when PUBLIC_BASE_URL is unset' } },
      },
    ],
    tags: [
      { name: 'Sessions', description: "Deposit and withdraw sessions the operator's server creates for a user (operator key)." },
      { name: 'Depositors', description: "A user's standing deposit addresses and their deposits (operator key)." },
      { name: 'Withdrawals', description: 'The operator\'s decision on an external-approval (Mode B) withdrawal (operator key).' },
      { name: 'Headless withdrawals', description: 'Mode C: payouts without the widget, for operators with headless mode enabled (operator key).' },
      { name: 'Webhook events', description: "The operator's own webhook event log, and redelivery of dead-lettered events (operator key)." },
      { name: 'Widget (sid)', description: "Called by the widget: the session's sid is the credential." },
      { name: 'Admin', description: 'The management panel\'s API (admin token from POST /admin/login); not callable with the operator key.' },
      { name: 'Public', description: 'Health, metrics, the networks list and this reference; no credential.' },
      { name: 'Webhooks', description: "What the gateway POSTs to the operator's webhookUrl, signed (security scheme webhookSignature)." },
    ],
  });
  placeExamples(doc);
  return doc;
}
