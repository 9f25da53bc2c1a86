import type { Request, Response } from 'express';
import type { Db } from '../adapters/db';
import { FIAT_DECIMALS, toFixed } from '../domain/money';
import { sessionStatus } from '../domain/sessions';
import { publicAccess, sidCredential } from '../api/auth-kinds';
import { endpoint, type EndpointDeps, type EndpointGroup } from '../api/endpoint';
import { sendEnvelope } from '../api/envelope';
import { currentSession, type SessionWithOperator } from '../api/middleware/sid-auth';
import { json } from '../api/openapi/operation';
import { z } from '../api/openapi/zod';
import { envelope } from '../api/schemas/responses';
import { effectiveRedirectUrl } from '../api/routes/widget-sessions';
import { UUID_RE } from '../api/schemas/sessions';
import { sessionWithOperator } from '../store/session-reads';
import { sidBody, widgetQrResponse, widgetQrSchema, widgetQuoteResponse, widgetQuoteSchema, widgetStatusResponse } from '../api/schemas/widget';
import { widgetScript } from './bundle';
import { depositBody, depositNetworks } from './deposit-page';
import { pickLanguage, type Catalog } from './i18n';
import { qrDataUrl } from './qr';
import { depositEstimate } from './quote';
import { errorPage, page } from './render';
import { allowFraming, cspNonce, widgetSecurityHeaders } from './security';
import { depositSessionStatus, withdrawSessionStatus } from './status';
import { payoutOptions, withdrawBody } from './withdraw-page';
import { WIDGET_CSS } from './styles';

type Kind = 'DEPOSIT' | 'WITHDRAW';

async function findSession(db: Db, sid: unknown, kind: Kind): Promise<SessionWithOperator | null> {
  if (typeof sid !== 'string' || !UUID_RE.test(sid)) return null;
  const session = await sessionWithOperator(db, sid);
  // A sid of the other kind is no credential for this page: it reads as unknown.
  return session?.type === kind ? session : null;
}

interface LoadedPage {
  session: SessionWithOperator;
  lang: string;
  t: Catalog;
}

/** The session's page, or a page saying why there is none (404 unknown, 410 over), in the session's language. */
async function loadPage(db: Db, req: Request, res: Response, kind: Kind): Promise<LoadedPage | null> {
  const session = await findSession(db, req.query.sid, kind);
  const { lang, catalog: t } = pickLanguage(session?.lang);
  const nonce = cspNonce(res);
  if (!session) {
    res.status(404).type('html').send(errorPage(t, lang, nonce, t.errorUnknown));
    return null;
  }
  const status = sessionStatus(session.status, session.expiresAt, new Date());
  if (status === 'EXPIRED' || status === 'CANCELLED') {
    res.status(410).type('html').send(errorPage(t, lang, nonce, status === 'EXPIRED' ? t.errorExpired : t.errorCancelled));
    return null;
  }
  allowFraming(res, session.operator.frameOrigins);
  return { session, lang, t };
}

/** What every page script starts from; the sid comes from the page's own URL. */
function pageData(session: SessionWithOperator, lang: string, t: Catalog) {
  return {
    kind: session.type === 'DEPOSIT' ? 'deposit' : 'withdraw',
    sid: session.id,
    lang,
    t,
    fiat: session.platformFiatCurrency,
    amount: toFixed(session.amount.toString(), FIAT_DECIMALS),
    expiresAt: session.expiresAt.toISOString(),
    redirectUrl: effectiveRedirectUrl(session),
    // Where an embedded page may post its messages: the same origins that may frame it.
    frameOrigins: session.operator.frameOrigins,
  };
}

const tag = 'Widget (sid)';
const sidQuery = z.object({ sid: z.string().describe("The session's sid") });

/** The page a player lands on: the sid in the query; an unknown one answers 404, a closed one 410, as HTML pages. */
function pageEndpoint(kind: 'deposit' | 'withdraw', render: (deps: EndpointDeps, loaded: LoadedPage, res: Response) => Promise<void>) {
  return endpoint({
    operationId: kind === 'deposit' ? 'getDepositPage' : 'getWithdrawPage',
    method: 'get',
    path: `/widget/${kind}`,
    tag,
    auth: publicAccess,
    summary: `The ${kind} page a player lands on (HTML)`,
    description: 'An unknown sid answers 404, an expired or cancelled one 410, each as an HTML page in the session language.',
    query: sidQuery,
    parsedByHandler: true,
    responses: { 200: { description: 'The page', content: { 'text/html': { schema: z.string() } } } },
    errors: ['RATE_LIMITED'],
    otherErrorStatuses: [404, 410],
    handler: async ({ deps, req, res }) => {
      const loaded = await loadPage(deps.db, req, res, kind === 'deposit' ? 'DEPOSIT' : 'WITHDRAW');
      if (loaded) await render(deps, loaded, res);
    },
  });
}

const depositPage = pageEndpoint('deposit', async (deps, { session, lang, t }, res) => {
  const networks = await depositNetworks(deps.db, deps.config.TRON_DEPOSIT_XPUB ? Object.keys(deps.config.TRON_RPC_URLS).map(Number) : []);
  const data = { ...pageData(session, lang, t), networks };
  const body = depositBody(t, lang, session.platformFiatCurrency, data.amount, networks);
  res.type('html').send(page({ lang, title: t.pageTitleDeposit, body, nonce: cspNonce(res), data }));
});

const withdrawPage = pageEndpoint('withdraw', async (deps, { session, lang, t }, res) => {
  const [options, live] = await Promise.all([payoutOptions(deps, session), withdrawSessionStatus(deps.db, session, new Date())]);
  const data = { ...pageData(session, lang, t), options, live };
  const body = withdrawBody(t, lang, session.platformFiatCurrency, data.amount, options);
  res.type('html').send(page({ lang, title: t.pageTitleWithdraw, body, nonce: cspNonce(res), data }));
});

const script = endpoint({
  operationId: 'getWidgetScript',
  method: 'get',
  path: '/widget/app.js',
  tag,
  auth: publicAccess,
  summary: "The pages' script",
  description:
    "The widget pages' script, served by the gateway (the pages load nothing from another origin).",
  responses: { 200: { description: 'JavaScript', content: { 'application/javascript': { schema: z.string() } } } },
  handler: async ({ res }) => {
    res.type('application/javascript').send(await widgetScript.serve());
  },
});

const styles = endpoint({
  operationId: 'getWidgetStyles',
  method: 'get',
  path: '/widget/app.css',
  tag,
  auth: publicAccess,
  summary: "The pages' styles",
  description:
    "The widget pages' styles, served by the gateway.",
  responses: { 200: { description: 'CSS', content: { 'text/css': { schema: z.string() } } } },
  handler: ({ res }) => {
    res.type('text/css').send(WIDGET_CSS);
  },
});

// Read-only, so a finished session still answers: the page shows how it ended.
const status = endpoint({
  operationId: 'getWidgetStatus',
  method: 'post',
  path: '/widget/status',
  tag,
  auth: sidCredential({ allowClosed: true }),
  summary: "The session's live state (closed sessions answer too)",
  description:
    "The session's live state for the widget pages (deposits seen, their confirmations, the withdrawal's progress); closed sessions answer too.",
  body: sidBody,
  responses: { 200: json('Deposits seen, or the latest withdrawal', envelope(widgetStatusResponse)) },
  handler: async ({ deps: { db, chains }, res }) => {
    const session = currentSession(res);
    const now = new Date();
    const live = session.type === 'DEPOSIT' ? await depositSessionStatus(db, chains, session, now) : await withdrawSessionStatus(db, session, now);
    sendEnvelope(res, 200, 'Session status', live);
  },
});

const qr = endpoint({
  operationId: 'getWidgetQr',
  method: 'post',
  path: '/widget/qr',
  tag,
  auth: sidCredential(),
  summary: 'A QR code of a payment URI',
  description:
    'A QR code image (a data URL) of a payment URI, for the deposit page.',
  body: sidBody.extend(widgetQrSchema.shape),
  responses: { 200: json('The image', envelope(widgetQrResponse)) },
  handler: async ({ body, res }) => {
    sendEnvelope(res, 200, 'QR code', { image: await qrDataUrl(body.uri) });
  },
});

const quote = endpoint({
  operationId: 'getWidgetQuote',
  method: 'post',
  path: '/widget/quote',
  tag,
  auth: sidCredential(),
  summary: "An estimate of the session's amount in a token",
  description:
    "An estimate of the session's fiat amount in a token at the current price; it locks no price.",
  body: sidBody.extend(widgetQuoteSchema.shape),
  responses: { 200: json('The estimate', envelope(widgetQuoteResponse)) },
  handler: async ({ deps, body: { chainId, tokenAddress }, res }) => {
    const session = currentSession(res);
    const estimate = await depositEstimate(deps, { amount: session.amount.toString(), currency: session.platformFiatCurrency }, { chainId, tokenAddress });
    sendEnvelope(res, 200, 'Deposit estimate', { estimate });
  },
});

/**
 * The hosted widget under /widget (CONTRACT §1, §8), on the API process: its pages, their script and styles, and the
 * sid calls. Every path under /widget gets the widget's security headers, declared or not.
 */
export const widgetEndpoints: EndpointGroup = {
  prefix: { path: '/widget', use: () => [widgetSecurityHeaders] },
  endpoints: [depositPage, withdrawPage, script, styles, status, qr, quote],
};
