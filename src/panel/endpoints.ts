import type { Request, RequestHandler, Response } from 'express';
import type { Db } from '../adapters/db';
import type { Auth, EndpointDeps, EndpointGroup } from '../api/endpoint';
import { endpoint } from '../api/endpoint';
import { adminCookieToken, clearAdminCookie, csrfToken, setAdminCookie } from '../api/middleware/admin-cookie';
import { adminByToken, clientAddress, type AdminPrincipal } from '../api/middleware/auth';
import { z } from '../api/openapi/zod';
import { loginSchema } from '../api/schemas/admin';
import { withdrawalIdSchema } from '../api/schemas/withdrawals';
import { loginAdmin } from '../use-cases/admin-login';
import { cspNonce, pageSecurityHeaders } from '../widget/security';
import { depositsScreen, operatorsScreen, treasuryScreen, webhooksScreen } from './books';
import { panelScript } from './bundle';
import { en as t } from './i18n/en';
import { esc, panelPage } from './render';
import { PANEL_CSS } from './styles';
import { queueScreen, withdrawalScreen, type Screen } from './withdrawals';

/**
 * The panel's cookie, when it names a valid session: the signed-in admin for the pages (or none: they show the login
 * form). A stale cookie is cleared. The admin API judges the same cookie itself (adminAuth), with the CSRF token.
 */
function panelSession(db: Db): RequestHandler {
  return async (req, res, next) => {
    const token = adminCookieToken(req);
    const admin = token ? await adminByToken(db, token) : null;
    if (token && !admin) clearAdminCookie(req, res);
    res.locals.panel = admin ? { admin, csrf: csrfToken(token!) } : null;
    next();
  };
}

const panelCookie: Auth = { kind: 'public', steps: (d) => [panelSession(d.db)], errors: [] };
const tag = 'Management panel';
const html = { 200: { description: 'The page (the login form when not signed in)', content: { 'text/html': { schema: z.string() } } } };

function loginScreen(): Screen {
  return {
    title: t.signIn,
    body: `<form id="login" class="card login" method="post" action="/panel/login" novalidate>
<h1>${esc(t.title)}</h1>
<label for="email">${esc(t.email)}</label><input id="email" name="email" type="email" autocomplete="username" required>
<label for="password">${esc(t.password)}</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<div id="otp-field" hidden><label for="otp">${esc(t.otp)}</label><input id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code" aria-describedby="otp-hint"><p id="otp-hint" class="hint">${esc(t.otpHint)}</p></div>
<button type="submit" class="primary">${esc(t.signIn)}</button>
</form>`,
  };
}

/** A panel page: its screen for a signed-in admin, else the login form (the same URL shows the screen after login). */
function pageEndpoint(operationId: string, path: string, summary: string, render: (deps: EndpointDeps, admin: AdminPrincipal, req: Request) => Promise<Screen>) {
  return endpoint({
    operationId,
    method: 'get',
    path,
    tag,
    auth: panelCookie,
    summary,
    parsedByHandler: true,
    responses: html,
    handler: async ({ deps, req, res }) => {
      const session = res.locals.panel as { admin: AdminPrincipal; csrf: string } | null;
      const screen = session ? await render(deps, session.admin, req) : loginScreen();
      const page = panelPage({ t, title: screen.title, body: screen.body, nonce: cspNonce(res), admin: session?.admin ?? null, csrf: session?.csrf, current: path });
      res.status(screen.status ?? 200).type('html').send(page);
    },
  });
}

const pages = [
  pageEndpoint('panelWithdrawals', '/panel', 'The withdrawals queue', (d, _a, req) => queueScreen(d, t, req)),
  pageEndpoint('panelWithdrawal', '/panel/withdrawals/:id', "A withdrawal's page", (d, a, req) =>
    withdrawalScreen(d, t, a, withdrawalIdSchema.safeParse(req.params.id).data ?? null),
  ),
  pageEndpoint('panelDeposits', '/panel/deposits', 'Deposits, dust included', (d, _a, req) => depositsScreen(d, t, req)),
  pageEndpoint('panelWebhooks', '/panel/webhooks', 'The webhook outbox', (d, a, req) => webhooksScreen(d, t, a, req)),
  pageEndpoint('panelOperators', '/panel/operators', 'Operators (read only)', (d) => operatorsScreen(d, t)),
  pageEndpoint('panelTreasury', '/panel/treasury', "Each chain's bankroll, reserved and available", (d) => treasuryScreen(d, t)),
];

/**
 * POST /panel/login: the admin login (the same use case as POST /admin/login, its limits and audit), whose token goes
 * into the panel's HttpOnly cookie instead of the answer, so the page's script never holds it. Logging out is
 * POST /admin/logout with the cookie and CSRF token.
 */
const login = endpoint({
  operationId: 'panelLogin',
  method: 'post',
  path: '/panel/login',
  tag,
  auth: { kind: 'public', steps: () => [], errors: [] },
  summary: "Log in to the panel: the admin token is set as the panel's cookie",
  body: loginSchema,
  responses: { 200: { description: 'Signed in', content: { 'application/json': { schema: z.object({ role: z.string() }) } } } },
  errors: ['UNAUTHORIZED', 'OTP_REQUIRED', 'RATE_LIMITED'],
  handler: async ({ deps, body, req, res }) => {
    const { token, expiresAt, role } = await loginAdmin(deps, body, clientAddress(req));
    setAdminCookie(req, res, token, expiresAt);
    res.json({ role });
  },
});

const asset = (operationId: string, path: string, type: string, send: (res: Response) => Promise<void> | void) =>
  endpoint({
    operationId,
    method: 'get',
    path,
    tag,
    auth: { kind: 'public', steps: () => [], errors: [] },
    summary: `The panel's ${type}`,
    responses: { 200: { description: type, content: { [type]: { schema: z.string() } } } },
    handler: ({ res }) => send(res.type(type)),
  });

const script = asset('panelScript', '/panel/app.js', 'application/javascript', async (res) => {
  res.send(await panelScript.serve());
});
const styles = asset('panelStyles', '/panel/app.css', 'text/css', (res) => {
  res.send(PANEL_CSS);
});

/**
 * The management panel under /panel (CONTRACT §9), on the API process: its pages, script, styles and login. Every path
 * under /panel gets the pages' security headers; the panel is for the gateway's own admins, so it stays out of the
 * API reference.
 */
export const panelEndpoints: EndpointGroup = {
  prefix: { path: '/panel', use: () => [pageSecurityHeaders({ forms: true })] },
  unlisted: true,
  endpoints: [...pages, login, script, styles],
};
