/**
 * fast-check arbitraries for hostile requests: any route of the app with its path parameters, query, body, content
 * type and credentials drawn from valid values (so authenticated routes are reached) and from hostile ones.
 */
import fc from 'fast-check';
import type { RouteSpec } from './routes';

/** Credentials and ids that exist in the fuzzed database. */
export interface FuzzSeeds {
  operatorKey: string;
  inactiveOperatorKey: string;
  adminToken: string;
  supportToken: string;
  depositSid: string;
  withdrawSid: string;
  sessionRef: string;
  chainId: number;
  tokenAddress: string;
}

export interface FuzzRequest {
  method: string;
  /** The path with its query, already encoded (possibly malformed on purpose). */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

const EVIL_TEXT = ['', ' ', '\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\u{1F600}', "' OR 1=1 --", '../..', '%', '%00', 'null', '__proto__', 'constructor', 'x'.repeat(3000), '\u202e', '\r\n'];
const EVIL_NUMBERS = [0, -1, 1.5, 2147483647, 2147483648, -2147483649, 2 ** 53, 2 ** 53 + 2, 1e308, -0, 31337];
const FIELDS = ['sid', 'externalUserId', 'lang', 'platformFiatCurrency', 'userBalance', 'amount', 'email', 'operatorReference', 'redirectUrl', 'executionMode', 'address', 'chainId', 'tokenAddress', 'currency', 'decision', 'reason', 'status', 'adminNote', 'password'];
const QUERY_KEYS = ['cursor', 'limit', 'status', 'operatorId', 'mode', 'externalUserId', 'stuck', 'event', 'sessionRef'];
const MALFORMED_ESCAPES = ['%', '%E0%A4%A', '%ZZ', '%C0', '%ED%A0%80', '%FF%FE', '%00'];
const CONTENT_TYPES = ['application/json', 'application/json; charset=utf-8', 'application/json; charset=latin1', 'application/json; charset=utf-16', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/*', 'garbage', 'application/merge-patch+json'];
const UUIDS = ['00000000-0000-4000-8000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'];

// Header values must be bytes a client can send; hostile text beyond that is tried in the body, path and query.
const headerText = fc.string({ unit: fc.constantFrom(...'abcXYZ019 -_./+=:;,"\'\\<>{}[]!~'), maxLength: 60 });
const anyText = fc.oneof(fc.constantFrom(...EVIL_TEXT), fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }), fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 8 }));

function scalar(seeds: FuzzSeeds) {
  return fc.oneof(
    anyText,
    fc.constantFrom(...EVIL_NUMBERS),
    fc.integer(),
    fc.double({ noNaN: true }),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom(seeds.depositSid, seeds.withdrawSid, seeds.sessionRef, seeds.tokenAddress, seeds.chainId, ...UUIDS, 'EUR', 'ETH', 'USDC', '25', '0.001', 'HEADLESS', 'APPROVE', 'en'),
  );
}

/** A JSON body: an object of known and unknown fields with hostile values, or any JSON at all. */
function jsonBody(seeds: FuzzSeeds) {
  const value = fc.oneof({ weight: 5, arbitrary: scalar(seeds) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });
  const fields = fc.dictionary(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...FIELDS) }, { weight: 1, arbitrary: anyText }), value, { maxKeys: 8 });
  return fc.oneof({ weight: 6, arbitrary: fields }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) });
}

function rawBody(seeds: FuzzSeeds) {
  return fc.oneof(
    { weight: 8, arbitrary: jsonBody(seeds).map((b) => JSON.stringify(b)) },
    { weight: 1, arbitrary: jsonBody(seeds).map((b) => JSON.stringify(b).slice(0, -1)) },
    { weight: 1, arbitrary: fc.constantFrom('', 'not json', '{"a":', '[', '"', '\u0000', 'sid=abc', '{"sid":"\\u0000"}', '{"chainId":1e400}') },
    // Rarely, a body over the 100 kB limit.
    { weight: 1, arbitrary: fc.constant(null).map(() => JSON.stringify({ email: 'x'.repeat(110_000) })) },
  );
}

function pathParam(seeds: FuzzSeeds) {
  return fc.oneof(
    fc.constantFrom(...UUIDS, seeds.sessionRef, 'u-1').map(encodeURIComponent),
    anyText.filter((s) => s.length > 0).map((s) => { try { return encodeURIComponent(s); } catch { return '%ED%A0%80'; } }),
    fc.constantFrom(...MALFORMED_ESCAPES),
  );
}

function queryString(seeds: FuzzSeeds) {
  const value = fc.oneof(
    anyText.map((s) => { try { return encodeURIComponent(s); } catch { return '%ED%A0%80'; } }),
    fc.constantFrom(...MALFORMED_ESCAPES, '50', '0', '-1', '201', '1e3', 'PENDING', 'A', 'true', ...UUIDS, seeds.sessionRef),
    fc.constant(Buffer.from(`2026-01-01T00:00:00.000Z|${UUIDS[0]}`).toString('base64url')),
  );
  const pair = fc.tuple(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...QUERY_KEYS) }, { weight: 1, arbitrary: fc.constantFrom('a[b]', 'x', '%', '') }), value);
  return fc.array(pair, { maxLength: 4 }).map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));
}

function authHeader(seeds: FuzzSeeds) {
  return fc.oneof(
    fc.constantFrom(undefined, `Bearer ${seeds.operatorKey}`, `Bearer ${seeds.adminToken}`, `Bearer ${seeds.supportToken}`, `Bearer ${seeds.inactiveOperatorKey}`, 'Bearer', 'Bearer ', `Basic ${seeds.operatorKey}`, `bearer ${seeds.operatorKey}`),
    headerText.map((t) => `Bearer ${t}`),
    headerText,
  );
}

function fillPath(route: RouteSpec, params: string[]): string {
  let i = 0;
  return route.path.replace(/:[A-Za-z_]+/g, () => params[i++ % params.length] ?? 'x');
}

/** One request: mostly a route of the app, sometimes another method on it or a path that no route has. */
export function requestArbitrary(routes: RouteSpec[], seeds: FuzzSeeds): fc.Arbitrary<FuzzRequest> {
  const target = fc.oneof(
    { weight: 12, arbitrary: fc.tuple(fc.constantFrom(...routes), fc.array(pathParam(seeds), { minLength: 1, maxLength: 3 })).map(([r, ps]) => ({ method: r.method, path: fillPath(r, ps) })) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'), fc.constantFrom(...routes), pathParam(seeds)).map(([m, r, p]) => ({ method: m, path: fillPath(r, [p]) })) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('GET', 'POST'), pathParam(seeds)).map(([m, p]) => ({ method: m, path: `/${p}/${p}` })) },
  );
  return fc
    .record({
      target,
      query: queryString(seeds),
      auth: authHeader(seeds),
      contentType: fc.oneof({ weight: 6, arbitrary: fc.constant('application/json') }, { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES, undefined) }, { weight: 1, arbitrary: headerText }),
      body: fc.option(rawBody(seeds), { freq: 5 }),
      encoding: fc.option(fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'x-unknown'), { freq: 15 }),
      requestId: fc.option(headerText, { freq: 4 }),
    })
    .map(({ target, query, auth, contentType, body, encoding, requestId }) => {
      const headers: Record<string, string> = {};
      if (auth !== undefined) headers.authorization = auth;
      if (contentType !== undefined) headers['content-type'] = contentType;
      if (encoding !== null) headers['content-encoding'] = encoding;
      if (requestId !== null) headers['x-request-id'] = requestId;
      const hasBody = body !== null && target.method !== 'GET' && target.method !== 'HEAD';
      return { method: target.method, url: target.path + query, headers, ...(hasBody ? { body } : {}) };
    });
}
