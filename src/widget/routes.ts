import { Router, type Request, type Response } from 'express';
import type { Db } from '../adapters/db';
import { FIAT_DECIMALS, toFixed } from '../domain/money';
import { sessionStatus } from '../domain/sessions';
import type { ApiDeps } from '../api/deps';
import { sendEnvelope } from '../api/envelope';
import { currentSession, sidAuth, type SessionWithOperator } from '../api/middleware/sid-auth';
import { validateBody, validatedBody } from '../api/middleware/validate';
import { effectiveRedirectUrl } from '../api/routes/widget-sessions';
import { UUID_RE } from '../api/schemas/sessions';
import { widgetQrSchema, widgetQuoteSchema } from '../api/schemas/widget';
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
  const session = await db.session.findUnique({ where: { id: sid }, include: { operator: true } });
  // A sid of the other kind is no credential for this page: it reads as unknown.
  return session?.type === kind ? session : null;
}

/** The session's page, or a page saying why there is none (404 unknown, 410 over), in the session's language. */
async function loadPage(db: Db, req: Request, res: Response, kind: Kind): Promise<{ session: SessionWithOperator; lang: string; t: Catalog } | null> {
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

/** The hosted widget under /widget (CONTRACT §1, §8), on the API process; sid routes are rate limited in app.ts. */
export function widgetRoutes(deps: ApiDeps): Router {
  const { db, chains } = deps;
  const router = Router();
  router.use('/widget', widgetSecurityHeaders);

  router.get('/widget/app.js', async (_req, res) => {
    res.type('application/javascript').send(await widgetScript());
  });
  router.get('/widget/app.css', (_req, res) => {
    res.type('text/css').send(WIDGET_CSS);
  });

  router.get('/widget/deposit', async (req, res) => {
    const loaded = await loadPage(db, req, res, 'DEPOSIT');
    if (!loaded) return;
    const { session, lang, t } = loaded;
    const networks = await depositNetworks(db, deps.config.TRON_DEPOSIT_XPUB ? Object.keys(deps.config.TRON_RPC_URLS).map(Number) : []);
    const data = { ...pageData(session, lang, t), networks };
    const body = depositBody(t, lang, session.platformFiatCurrency, data.amount, networks);
    res.type('html').send(page({ lang, title: t.pageTitleDeposit, body, nonce: cspNonce(res), data }));
  });

  router.get('/widget/withdraw', async (req, res) => {
    const loaded = await loadPage(db, req, res, 'WITHDRAW');
    if (!loaded) return;
    const { session, lang, t } = loaded;
    const [options, live] = await Promise.all([payoutOptions(deps, session), withdrawSessionStatus(db, session, new Date())]);
    const data = { ...pageData(session, lang, t), options, live };
    const body = withdrawBody(t, lang, session.platformFiatCurrency, data.amount, options);
    res.type('html').send(page({ lang, title: t.pageTitleWithdraw, body, nonce: cspNonce(res), data }));
  });

  // Read-only, so a finished session still answers: the page shows how it ended.
  router.post('/widget/status', sidAuth(db, { allowClosed: true }), async (_req, res) => {
    const session = currentSession(res);
    const now = new Date();
    const status = session.type === 'DEPOSIT' ? await depositSessionStatus(db, chains, session, now) : await withdrawSessionStatus(db, session, now);
    sendEnvelope(res, 200, 'Session status', status);
  });

  router.post('/widget/qr', sidAuth(db), validateBody(widgetQrSchema), async (_req, res) => {
    sendEnvelope(res, 200, 'QR code', { image: await qrDataUrl(validatedBody(res, widgetQrSchema).uri) });
  });

  router.post('/widget/quote', sidAuth(db), validateBody(widgetQuoteSchema), async (_req, res) => {
    const session = currentSession(res);
    const asset = validatedBody(res, widgetQuoteSchema);
    const estimate = await depositEstimate(deps, { amount: session.amount.toString(), currency: session.platformFiatCurrency }, asset);
    sendEnvelope(res, 200, 'Deposit estimate', { estimate });
  });

  return router;
}
