/**
 * The fuzz run shared by `npm run fuzz` and its short form in the integration suite: seeds credentials and sessions,
 * sends fast-check requests (fixed seed) over every route in batches, and checks each answer and the row counts.
 */
import fc from 'fast-check';
import { pricingFrom } from '../src/chain/prices';
import { createApp } from '../src/http/app';
import { DEV_CHAIN } from '../dev/devchain/spec';
import { isErrorCode, REASON_PHRASES } from '../src/domain/errors';
import { createAdmin } from '../src/provisioning/admins';
import { createOperator } from '../src/provisioning/operators';
import type { TestContext } from '../test/support/harness';
import { http } from '../test/support/http';
import { rowCounts } from '../test/support/row-counts';
import { requestArbitrary, type FuzzRequest, type FuzzSeeds } from './generators';
import { listRoutes } from './routes';

export interface FuzzFigures {
  requests: number;
  routes: number;
  /** `status errorCode` → how many answers. */
  codes: Map<string, number>;
  /** Batches whose every request was refused or only read, so the row counts had to stay put. */
  checkedBatches: number;
  ms: number;
  failures: string[];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const STACK_RE = /\bat .+\.(ts|js):\d+|node_modules|prisma\.|SELECT |INSERT /i;

async function seed(ctx: TestContext): Promise<FuzzSeeds> {
  const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Fuzz', headlessEnabled: true });
  const inactive = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Gone', status: 'INACTIVE' });
  const login = async (email: string, role: 'ADMIN' | 'SUPPORT') => {
    await createAdmin(ctx.db, email, 'fuzz-password-long', role);
    return (await http(ctx.apiUrl, 'POST', '/admin/login', { json: { email, password: 'fuzz-password-long' } })).body.token as string;
  };
  const session = async (type: string) => {
    const json = { externalUserId: 'fuzz-user', lang: 'en', platformFiatCurrency: 'EUR', userBalance: '100', amount: '25' };
    return (await http(ctx.apiUrl, 'POST', `/session/${type}`, { token: op.apiKey, json })).body.data as { sid: string; sessionRef: string };
  };
  const deposit = await session('deposit');
  const token = ctx.services.registry.tokens[0]!;
  return {
    operatorKey: op.apiKey,
    inactiveOperatorKey: inactive.apiKey,
    adminToken: await login('fuzz-admin@example.com', 'ADMIN'),
    supportToken: await login('fuzz-support@example.com', 'SUPPORT'),
    depositSid: deposit.sid,
    withdrawSid: (await session('withdraw')).sid,
    sessionRef: deposit.sessionRef,
    chainId: DEV_CHAIN.chainId,
    tokenAddress: token.address,
  };
}

/** What is wrong with an answer under CONTRACT §5, or null. */
export function contractViolation(status: number, contentType: string | null, text: string, method: string, url: string): string | null {
  // Readiness is the one route whose 503 is its answer: a dependency was slow to answer under the fuzz's load.
  if (status === 503 && url.startsWith('/readyz') && text.includes('"degraded"')) return null;
  if (status >= 500) return `answered ${status}`;
  if (status < 400 || method === 'HEAD') return null;
  // The widget's pages answer an unknown (404) or closed (410) sid with an HTML page a player can read (CONTRACT §8).
  const page = /^\/widget\/(deposit|withdraw)(\?|$)/.test(url) && method === 'GET';
  if (page && (status === 404 || status === 410)) return contentType?.startsWith('text/html') ? null : `page ${status} is not HTML (${contentType})`;
  if (!contentType?.startsWith('application/json')) return `error ${status} is not JSON (${contentType})`;
  let body: { message?: unknown; errorCode?: unknown; error?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return `error ${status} body does not parse`;
  }
  if (typeof body.message !== 'string' || body.error !== REASON_PHRASES[status]) return `error ${status} lacks message or the reason phrase`;
  // Spec 7.1: only a malformed address omits the code.
  if (body.errorCode === undefined ? status !== 400 : !isErrorCode(body.errorCode)) return `error ${status} has errorCode ${String(body.errorCode)}`;
  if (STACK_RE.test(text)) return `error ${status} leaks internals`;
  return null;
}

async function send(baseUrl: string, r: FuzzRequest): Promise<{ status: number; contentType: string | null; text: string }> {
  const res = await fetch(baseUrl + r.url, { method: r.method, headers: r.headers, body: r.body, redirect: 'manual', signal: AbortSignal.timeout(60_000) });
  return { status: res.status, contentType: res.headers.get('content-type'), text: await res.text() };
}

function errorCodeOf(text: string): string | undefined {
  try {
    return (JSON.parse(text) as { errorCode?: string }).errorCode;
  } catch {
    return undefined;
  }
}

const describeRequest = (r: FuzzRequest) => JSON.stringify({ ...r, headers: { ...r.headers, authorization: r.headers.authorization ? '(set)' : undefined }, body: r.body?.slice(0, 200) });

/** Runs `requests` requests from `seed`, `batchSize` at a time with `concurrency` in flight. */
export async function runFuzz(ctx: TestContext, opts: { seed: number; requests: number; batchSize?: number; concurrency?: number; progress?: (done: number) => void }): Promise<FuzzFigures> {
  const started = Date.now();
  const deps = { config: ctx.config, db: ctx.db, temporal: ctx.temporal, chains: ctx.chains, logger: ctx.logger, ...pricingFrom(ctx.config, ctx.db, ctx.chains) };
  const routes = listRoutes(createApp(deps));
  const arbitrary = requestArbitrary(routes, await seed(ctx));
  const figures: FuzzFigures = { requests: 0, routes: routes.length, codes: new Map(), checkedBatches: 0, ms: 0, failures: [] };
  const batchSize = opts.batchSize ?? 500;
  const fail = (msg: string) => figures.failures.length < 50 && figures.failures.push(msg);
  for (let b = 0; figures.requests < opts.requests; b++) {
    const batch = fc.sample(arbitrary, { seed: opts.seed + b, numRuns: Math.min(batchSize, opts.requests - figures.requests) });
    const before = await rowCounts(ctx.db);
    let onlyRefusedOrReads = true;
    let next = 0;
    const lane = async () => {
      while (next < batch.length) {
        const r = batch[next++]!;
        const res = await send(ctx.apiUrl, r).catch((err: unknown) => ({ status: 599, contentType: null, text: `${String(err)} (${String((err as { cause?: unknown }).cause)})` }));
        const problem = contractViolation(res.status, res.contentType, res.text, r.method, r.url);
        if (problem) fail(`${problem}: ${describeRequest(r)} → ${res.text.slice(0, 200)}`);
        if (res.status < 400 && !SAFE_METHODS.has(r.method)) onlyRefusedOrReads = false;
        const code = res.status < 400 ? '' : r.method === 'HEAD' ? '(HEAD, no body)' : (errorCodeOf(res.text) ?? '(none)');
        const key = `${res.status}${code ? ` ${code}` : ''}`;
        figures.codes.set(key, (figures.codes.get(key) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: opts.concurrency ?? 8 }, lane));
    figures.requests += batch.length;
    if (onlyRefusedOrReads) {
      figures.checkedBatches++;
      const after = await rowCounts(ctx.db);
      const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
      if (changed.length) fail(`batch ${b} (seed ${opts.seed + b}) was all refused or reads, yet rows changed in ${changed.join(', ')}`);
    }
    opts.progress?.(figures.requests);
  }
  figures.ms = Date.now() - started;
  return figures;
}

/** Distinct `status errorCode` pairs among the error answers (HEAD answers carry no body to name one). */
export const errorCodesSeen = (f: FuzzFigures) => [...f.codes.keys()].filter((k) => Number(k.slice(0, 3)) >= 400 && !k.includes('HEAD')).sort();
