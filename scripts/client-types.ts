import openapiTS, { astToString } from 'openapi-typescript';
import { ERRORS } from '../src/domain/errors';
import { WEBHOOK_FIELDS } from '../src/domain/webhook-events';
import { openApiDocument } from '../src/http/endpoints';

export const CLIENT_DIR = 'clients/typescript';
export const SCHEMA_FILE = `${CLIENT_DIR}/src/schema.ts`;
export const CATALOG_FILE = `${CLIENT_DIR}/src/catalog.ts`;
export const DOCUMENT_FILE = `${CLIENT_DIR}/openapi.json`;

const HEADER = '// Generated from the gateway\'s OpenAPI document by `npm run client:generate`. Do not edit.\n\n';
const CATALOG_HEADER = '// Generated from src/domain/errors.ts and src/domain/webhook-events.ts by `npm run client:generate`. Do not edit.\n\n';

/**
 * The gateway's tables the client needs at run time and the document does not carry: each errorCode's status and
 * retryable flag (GatewayError.retryable), and each webhook event's fields (webhooks.constructEvent).
 */
function catalog(): string {
  const errors = Object.fromEntries(Object.entries(ERRORS).map(([code, def]) => [code, { status: def.http, retryable: def.retryable }]));
  return `${CATALOG_HEADER}/** Every errorCode the gateway answers with: its usual HTTP status and whether the same request may succeed later. */
export const ERROR_CODES = ${JSON.stringify(errors, null, 2)} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Every webhook event's form fields, in the order the gateway sends them. */
export const WEBHOOK_FIELDS = ${JSON.stringify(WEBHOOK_FIELDS, null, 2)} as const;
`;
}

/** The client's committed files as the current document makes them: the document, its TypeScript types, the catalog. */
export async function clientFiles(): Promise<Record<string, string>> {
  const doc = openApiDocument();
  const types = astToString(await openapiTS(JSON.parse(JSON.stringify(doc)) as Parameters<typeof openapiTS>[0]));
  return { [DOCUMENT_FILE]: `${JSON.stringify(doc, null, 2)}\n`, [SCHEMA_FILE]: HEADER + types, [CATALOG_FILE]: catalog() };
}
