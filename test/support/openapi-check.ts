import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { openApiDocument } from '../../src/http/endpoints';

/**
 * Response drift: every JSON answer of a documented method+path must match the document's schema for its status
 * (or `default`). Paths the document does not name (404s of made-up routes, fuzz) are not checked.
 */
const doc = openApiDocument();
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(doc as object, 'openapi.json');

const pointer = (...parts: string[]) => parts.map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

/** Literal paths first, so `/withdraw/options` wins over a template with a parameter in that place. */
const templates = Object.keys(doc.paths ?? {})
  .map((template) => ({ template, re: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`), params: (template.match(/\{/g) ?? []).length }))
  .sort((a, b) => a.params - b.params);

export function documentedPath(path: string): string | null {
  const bare = path.split('?')[0] ?? '';
  return templates.find((t) => t.re.test(bare))?.template ?? null;
}

/** Throws when a JSON response of a documented operation does not match the document. */
export function assertMatchesDocument(method: string, path: string, status: number, body: unknown): void {
  const template = documentedPath(path);
  const m = method.toLowerCase();
  const operation = template ? (doc.paths?.[template] as Record<string, { responses?: Record<string, unknown> }> | undefined)?.[m] : undefined;
  if (!template || !operation) return;
  const key = operation.responses?.[String(status)] ? String(status) : 'default';
  const validate = ajv.getSchema(`openapi.json#/${pointer('paths', template, m, 'responses', key, 'content', 'application/json', 'schema')}`);
  if (!validate) throw new Error(`OpenAPI drift: ${method} ${template} answered ${status} with JSON, which the document does not describe`);
  if (!validate(body)) {
    throw new Error(`OpenAPI drift: ${method} ${template} ${status} does not match the document: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 2000)}`);
  }
}
