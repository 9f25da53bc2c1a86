import openapiTS, { astToString } from 'openapi-typescript';
import { openApiDocument } from '../src/http/endpoints';

export const CLIENT_DIR = 'clients/typescript';
export const SCHEMA_FILE = `${CLIENT_DIR}/src/schema.ts`;
export const DOCUMENT_FILE = `${CLIENT_DIR}/openapi.json`;

const HEADER = '// Generated from the gateway\'s OpenAPI document by `npm run client:generate`. Do not edit.\n\n';

/** The client's committed files as the current document makes them: the document itself and its TypeScript types. */
export async function clientFiles(): Promise<Record<string, string>> {
  const doc = openApiDocument();
  const types = astToString(await openapiTS(JSON.parse(JSON.stringify(doc)) as Parameters<typeof openapiTS>[0]));
  return { [DOCUMENT_FILE]: `${JSON.stringify(doc, null, 2)}\n`, [SCHEMA_FILE]: HEADER + types };
}
