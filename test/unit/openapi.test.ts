import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Express } from 'express';
import { listRoutes } from '../../fuzz/routes';
import { publicKeysOf } from '../../src/adapters/hd-wallet';
import { createApp } from '../../src/http/app';
import type { ApiDeps } from '../../src/api/deps';
import { endpointGroups, openApiDocument } from '../../src/http/endpoints';
import { loadConfig } from '../../src/config/env';
import { ERRORS, type ErrorCode } from '../../src/domain/errors';
import { assertMatchesDocument } from '../support/openapi-check';

/** The validator is an ES module, which jest's CommonJS runtime cannot load: node runs it, reading the document on stdin. */
async function validateOpenApi(doc: unknown): Promise<{ valid: boolean; errors?: unknown }> {
  const script = `import { Validator } from '@seriousme/openapi-schema-validator';
    let text = ''; for await (const chunk of process.stdin) text += chunk;
    const r = await new Validator().validate(JSON.parse(text));
    process.stdout.write(JSON.stringify({ valid: r.valid, errors: r.errors }));`;
  const run = promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { cwd: process.cwd() });
  run.child.stdin!.end(JSON.stringify(doc));
  return JSON.parse((await run).stdout) as { valid: boolean; errors?: unknown };
}

/** Every METHOD path the app answers, read from its routers as the fuzz run reads them. */
const servedRoutes = (app: Express): string[] => listRoutes(app).map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`).sort();

/** Building the app only wires routers: nothing here is called, so the services are not needed. */
function appForListing(): Express {
  const config = loadConfig({
    DATABASE_URL: 'postgresql://postgres:postgres@127.0.0.1:5432/gateway',
    SECRETS_KEY: 'ab'.repeat(32),
    ...publicKeysOf({ HD_MNEMONIC: 'test test test test test test test test test test test junk', BANKROLL_PRIVATE_KEY: '0x' + '11'.repeat(32) }),
  });
  const unused = {} as never;
  const deps: ApiDeps = { config, db: unused, temporal: unused, chains: { configuredChainIds: () => [] } as never, logger: unused, prices: unused, fx: unused };
  return createApp(deps);
}

describe('OpenAPI document', () => {
  const doc = openApiDocument();

  it('When the document is checked against the OpenAPI 3.1 schema, Then it is valid', async () => {
    const result = await validateOpenApi(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    // The validator compiles the OpenAPI 3.1 meta-schema first: over jest's 5 s default on a busy machine, and 35 s
    // in CI beside the integration shards. A guard against a hang, not a speed check.
  }, 300_000);

  it('When the app routes are listed, Then each is in the document but the unlisted groups (the panel), and the document names nothing else', () => {
    const documented = Object.entries(doc.paths ?? {})
      .flatMap(([path, item]) => Object.keys(item as object).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    const unlisted = new Set(endpointGroups.filter((g) => g.unlisted).flatMap((g) => g.endpoints.map((e) => `${e.method.toUpperCase()} ${e.path.replace(/:(\w+)/g, '{$1}')}`)));
    expect(unlisted.size).toBeGreaterThan(0);
    expect(documented).toEqual(servedRoutes(appForListing()).filter((r) => !unlisted.has(r)));
  });

  it('When an operation is listed, Then it names its auth, answers an error body by default and has a success answer', () => {
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const [method, op] of Object.entries(item as Record<string, { security?: unknown; responses: Record<string, unknown> }>)) {
        expect([path, method, Array.isArray(op.security)]).toEqual([path, method, true]);
        expect(op.responses.default).toBeDefined();
        expect(Object.keys(op.responses).some((s) => /^2\d\d$/.test(s))).toBe(true);
      }
    }
  });

  it('When every webhook event is listed, Then its form fields are described', () => {
    const deposit = doc.webhooks?.DEPOSIT as { post: { requestBody: { content: Record<string, { schema: { properties: object } }> } } };
    expect(Object.keys(doc.webhooks ?? {}).sort()).toEqual(['DEPOSIT', 'WITHDRAW_CANCELLED', 'WITHDRAW_COMPLETE', 'WITHDRAW_FAILED', 'WITHDRAW_REQUEST']);
    expect(Object.keys(deposit.post.requestBody.content['application/x-www-form-urlencoded']!.schema.properties)).toContain('idempotencyKey');
  });

  interface Op {
    operationId?: string;
    description?: string;
    tags: string[];
    parameters?: Array<{ name: string; in: string; example?: unknown }>;
    requestBody?: { content: Record<string, { example?: unknown }> };
    responses: Record<string, { content?: Record<string, { example?: unknown }>; 'x-error-codes'?: Array<{ code: ErrorCode; retryable: boolean }> }>;
  }
  const operations = () =>
    Object.entries(doc.paths ?? {}).flatMap(([path, item]) => Object.entries(item as Record<string, Op>).map(([method, op]) => ({ name: `${method} ${path}`, op })));

  it('When the reference is read (CONTRACT §9), Then every operation has a unique camelCase operationId and a description, and the version is semver', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.filter((id) => !/^[a-z][a-zA-Z0-9]*$/.test(id ?? ''))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations().filter(({ op }) => !op.description).map(({ name }) => name)).toEqual([]);
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(doc.servers?.[0]?.url).toBeDefined();
    expect(Object.keys(doc.components?.securitySchemes ?? {}).sort()).toEqual(['adminToken', 'metricsToken', 'operatorKey', 'sessionId', 'webhookSignature']);
  });

  it('When an operation can answer an error code, Then its answer for that status lists the code with the catalog\'s retryable flag', () => {
    const execute = operations().find(({ op }) => op.operationId === 'executeHeadlessWithdrawal')!.op;
    expect(execute.responses['503']!['x-error-codes']).toEqual(expect.arrayContaining([{ code: 'PRICE_UNAVAILABLE', retryable: true }]));
    expect(execute.responses['409']!['x-error-codes']).toEqual(expect.arrayContaining([{ code: 'HEADLESS_UNSUPPORTED_CHAIN', retryable: false }]));
    for (const { op } of operations()) {
      for (const response of Object.values(op.responses)) {
        for (const { code, retryable } of response['x-error-codes'] ?? []) expect([code, retryable]).toEqual([code, ERRORS[code].retryable]);
      }
    }
  });

  it('When an operator or widget operation is read, Then it shows an example of each input and of its success answer', () => {
    const missing: string[] = [];
    for (const { name, op } of operations().filter(({ op }) => !['Public', 'Admin'].includes(op.tags[0]!))) {
      for (const p of op.parameters ?? []) if (p.example === undefined) missing.push(`${name} parameter ${p.name}`);
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) if (media.example === undefined) missing.push(`${name} body ${type}`);
      const success = Object.entries(op.responses).filter(([status, r]) => /^2/.test(status) && r.content);
      if (!success.some(([, r]) => Object.values(r.content!).every((m) => m.example !== undefined))) missing.push(`${name} answer`);
    }
    expect(missing).toEqual([]);
    for (const [event, item] of Object.entries(doc.webhooks ?? {})) {
      const post = (item as { post: Op & { security: unknown } }).post;
      expect([event, post.security]).toEqual([event, [{ webhookSignature: [] }]]);
      expect(post.requestBody!.content['application/x-www-form-urlencoded']!.example).toMatchObject({ event });
    }
  });

  it('When a response drifts from its schema, Then the check fails; an error body and an unknown path pass', () => {
    const ok = { status: 'success', message: 'Session cancelled', data: { sid: '6f1c2a3e-8a1b-4c2d-9e3f-0a1b2c3d4e5f', sessionRef: 'r', status: 'CANCELLED' } };
    expect(() => assertMatchesDocument('POST', '/session/6f1c2a3e-8a1b-4c2d-9e3f-0a1b2c3d4e5f/cancel', 200, ok)).not.toThrow();
    expect(() => assertMatchesDocument('POST', '/session/x/cancel', 200, { ...ok, data: { ...ok.data, status: 'OPEN' } })).toThrow(/OpenAPI drift/);
    expect(() => assertMatchesDocument('POST', '/session/x/cancel', 200, { status: 'success', data: ok.data })).toThrow(/OpenAPI drift/);
    expect(() => assertMatchesDocument('POST', '/session/x/cancel', 404, { message: 'Session not found', errorCode: 'SESSION_NOT_FOUND', error: 'Not Found' })).not.toThrow();
    expect(() => assertMatchesDocument('POST', '/session/x/cancel', 404, { message: 'Session not found', errorCode: 'NO_SUCH_CODE', error: 'Not Found' })).toThrow(/OpenAPI drift/);
    expect(() => assertMatchesDocument('GET', '/no/such/route', 404, { anything: true })).not.toThrow();
  });
});
