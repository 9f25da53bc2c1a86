import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fund, mine } from '../../dev/devchain/dev-commands';
import { SID_BURST, SID_PER_SECOND } from '../../src/api/middleware/sid-rate-limit';
import { createOperator } from '../../src/provisioning/operators';
import { openBrowser, recordOrigins } from '../support/browser';
import { createTestContext, type TestContext } from '../support/harness';
import { http as api, type HttpResult } from '../support/http';
import { eventually } from '../support/wait';
import { WebhookReceiver, type Received } from '../support/webhook-receiver';

let ctx: TestContext;
let receiver: WebhookReceiver;
let operator: { id: string; apiKey: string };
/** The operator's site the player returns to: another origin than the gateway. */
let shop: http.Server;
let shopUrl: string;

beforeAll(async () => {
  ctx = await createTestContext({
    worker: true,
    env: { WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1,1,1', PRICE_RETRY_SECONDS: '1' },
  });
  receiver = await new WebhookReceiver().start();
  operator = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Widget Casino', webhookUrl: receiver.url, platformFiatDefault: 'EUR' });
  shop = http.createServer((_req, res) => res.end('<!doctype html><title>shop</title><p>back at the shop</p>'));
  await new Promise<void>((r) => shop.listen(0, '127.0.0.1', r));
  shopUrl = `http://localhost:${(shop.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => shop.close(r));
  await receiver.stop();
  await ctx.close();
});

const form = (r: Received) => Object.fromEntries(new URLSearchParams(r.body));

async function depositSession(fields: Record<string, unknown> = {}): Promise<{ url: string; sid: string; sessionRef: string }> {
  const r = await api(ctx.apiUrl, 'POST', '/session/deposit', {
    token: operator.apiKey,
    json: { externalUserId: `widget-${Date.now()}`, lang: 'en', platformFiatCurrency: 'EUR', userBalance: '0', amount: '25.00', ...fields },
  });
  expect(r.status).toBe(201);
  // The API listens on a port picked at start (PORT=0), so the URL's path and query are joined to it.
  const { pathname, search } = new URL(r.body.data.url);
  expect(pathname).toBe('/widget/deposit');
  return { ...r.body.data, url: `${ctx.apiUrl}${pathname}${search}` };
}

describe('the deposit page in a browser', () => {
  it('When a player picks a network and token, pays and closes, Then the credit shows without a reload, one DEPOSIT reaches the operator, and Close returns with status=success and the fragment', async () => {
    const session = await depositSession({ redirectUrl: `${shopUrl}/return?b=2&a=1#after` });
    const browser = await openBrowser();
    try {
      const { page } = browser;
      const origins = recordOrigins(page);
      const response = await page.goto(session.url);
      expect(response!.status()).toBe(200);
      await expect(page.locator('#amount').textContent()).resolves.toBe('€25.00');

      await page.getByRole('button', { name: 'Local Dev Chain' }).click();
      await page.getByRole('button', { name: 'USDC', exact: true }).click();
      const address = page.locator('#address');
      await address.filter({ hasText: /^0x[0-9a-fA-F]{40}$/ }).waitFor();
      const depositAddress = (await address.textContent())!;
      await expect(page.locator('#qr').getAttribute('src')).resolves.toMatch(/^data:image\/svg\+xml;base64,/);
      await expect(page.locator('#warning').textContent()).resolves.toContain('USDC');
      await page.locator('#estimate').filter({ hasText: /About [\d.,]+ USDC/ }).waitFor();

      const nodeUrl = ctx.services.chainNodeUrl;
      const { txHash } = await fund({ nodeUrl, registry: ctx.services.registry, address: depositAddress, token: 'USDC', amount: '27.5' });
      await page.locator('#status', { hasText: /detected/ }).waitFor({ timeout: 30_000 });
      await mine({ nodeUrl, blocks: 3 });
      await page.locator('#deposits li[data-status="CREDITED"]', { hasText: txHash }).waitFor({ timeout: 60_000 });
      await expect(page.locator('#status').textContent()).resolves.toBe('Credited 27.5 USDC');

      const deposits = await eventually(async () => {
        const got = receiver.received.map(form).filter((f) => f.event === 'DEPOSIT' && f.sessionRef === session.sessionRef);
        return got.length > 0 ? got : null;
      }, 30_000, 'DEPOSIT webhook');
      await new Promise((r) => setTimeout(r, 1500)); // a duplicate would have arrived by now
      expect(receiver.received.map(form).filter((f) => f.event === 'DEPOSIT' && f.sessionRef === session.sessionRef)).toHaveLength(1);
      expect(deposits[0]!.transactionHash).toBe(txHash);
      expect([...origins]).toEqual([new URL(ctx.apiUrl).origin]);

      await page.getByRole('button', { name: 'Close' }).click();
      await page.waitForURL((u) => u.origin === shopUrl);
      expect(page.url()).toBe(`${shopUrl}/return?b=2&a=1&status=success#after`);
    } finally {
      await browser.close();
    }
  });

  it('When the session is cancelled while the page is open, Then the page says so and stops offering a payment', async () => {
    const session = await depositSession({ lang: 'pt-BR' });
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await page.goto(session.url);
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('pt');
      await page.getByRole('button', { name: 'Local Dev Chain' }).click();
      await page.getByRole('button', { name: 'ETH', exact: true }).click();
      await page.locator('#address', { hasText: /^0x/ }).waitFor();
      expect((await api(ctx.apiUrl, 'POST', `/session/${session.sid}/cancel`, { token: operator.apiKey })).status).toBe(200);
      await page.locator('#status', { hasText: 'Esta sessão foi cancelada.' }).waitFor({ timeout: 10_000 });
      await expect(page.locator('#pay').isHidden()).resolves.toBe(true);
      await expect(page.locator('#choose').isHidden()).resolves.toBe(true);
    } finally {
      await browser.close();
    }
  });

  it('When the page is served, Then it carries a strict CSP with a nonce, no-referrer and nosniff, and its script is the gateway’s own', async () => {
    const session = await depositSession();
    const r = await fetch(session.url);
    const html = await r.text();
    const csp = r.headers.get('content-security-policy')!;
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(r.headers.get('referrer-policy')).toBe('no-referrer');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(html).toContain(`<script nonce="${nonce}" src="/widget/app.js"></script>`);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    const js = await fetch(`${ctx.apiUrl}/widget/app.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/^application\/javascript/);
  });

  it.each([
    ['an unknown sid', () => Promise.resolve('00000000-0000-4000-8000-000000000000'), 404, 'This payment link is not valid'],
    ['a malformed sid', () => Promise.resolve('not-a-sid'), 404, 'This payment link is not valid'],
  ])('When the page is opened with %s, Then an HTML page says so (never JSON)', async (_what, sid, status, text) => {
    const r = await fetch(`${ctx.apiUrl}/widget/deposit?sid=${await sid()}`);
    expect(r.status).toBe(status);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await r.text()).toContain(text);
  });

  it('When a Spanish session is cancelled, Then its page says so in Spanish', async () => {
    const session = await depositSession({ lang: 'es-MX' });
    expect((await api(ctx.apiUrl, 'POST', `/session/${session.sid}/cancel`, { token: operator.apiKey })).status).toBe(200);
    const r = await fetch(session.url);
    expect(r.status).toBe(410);
    const html = await r.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('Esta sesión de pago fue cancelada.');
  });

  it('When one sid sends a burst of requests, Then the excess is refused with 429 RATE_LIMITED and Retry-After, and other sids are unaffected', async () => {
    const a = await depositSession();
    const b = await depositSession();
    // The bucket refills in real time: on a machine busy enough to spread one burst over the seconds its refill
    // covers, every request passes (120 did, under CI's shards and checks on two cores). So waves of 40 at once go
    // on until one is refused; a limiter that refuses nothing fails after ten, one that lets too many through fails
    // the bound: never more than the burst plus the refill over the whole time the waves took.
    const started = Date.now();
    const results: HttpResult[] = [];
    for (let wave = 0; wave < 10 && !results.some((r) => r.status === 429); wave++) {
      results.push(...(await Promise.all(Array.from({ length: 40 }, () => api(ctx.apiUrl, 'POST', '/session/info', { json: { sid: a.sid } })))));
    }
    const seconds = (Date.now() - started) / 1000;
    const limited = results.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(SID_BURST + SID_PER_SECOND * seconds);
    expect(limited[0]!.body).toEqual({ message: expect.any(String), errorCode: 'RATE_LIMITED', error: 'Too Many Requests' });
    expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await api(ctx.apiUrl, 'POST', '/session/info', { json: { sid: b.sid } })).status).toBe(200);
  });

  it('When the page calls are sent bad bodies, Then 400 VALIDATION_ERROR naming the field (or 404 for an unknown sid), in the contract format', async () => {
    const { sid } = await depositSession();
    const bad = async (path: string, json: unknown, status: number, code: string, fields?: string[]) => {
      const r = await api(ctx.apiUrl, 'POST', path, { json });
      expect([path, r.status, r.body.errorCode]).toEqual([path, status, code]);
      expect(r.body).toEqual(expect.objectContaining({ message: expect.any(String), error: expect.any(String) }));
      if (fields) expect(r.body.details.map((d: { field: string }) => d.field)).toEqual(fields);
    };
    await bad('/widget/qr', { sid, uri: 'javascript:alert(1)' }, 400, 'VALIDATION_ERROR', ['uri']);
    await bad('/widget/qr', { sid }, 400, 'VALIDATION_ERROR', ['uri']);
    await bad('/widget/quote', { sid, chainId: '31337', tokenAddress: null }, 400, 'VALIDATION_ERROR', ['chainId']);
    await bad('/widget/quote', { sid, chainId: 31337, tokenAddress: '0x12' }, 400, 'VALIDATION_ERROR', ['tokenAddress']);
    await bad('/widget/status', { sid: '00000000-0000-4000-8000-000000000000' }, 404, 'SESSION_NOT_FOUND');
    const ok = await api(ctx.apiUrl, 'POST', '/widget/status', { json: { sid } });
    expect(ok.body).toEqual({ status: 'success', message: 'Session status', data: { status: 'OPEN', expiresAt: expect.any(String), deposits: [] } });
  });
});
