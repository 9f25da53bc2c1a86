import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOperator } from '../../src/provisioning/operators';
import { openBrowser } from '../support/browser';
import { createTestContext, type TestContext } from '../support/harness';
import { http as api } from '../support/http';

let ctx: TestContext;
let operator: { id: string; apiKey: string };
const hosts: http.Server[] = [];
let allowedHost: string;
let foreignHost: string;

/** An operator's page embedding the widget URL given in ?src=, recording every message it receives. */
async function hostServer(): Promise<string> {
  const server = http.createServer((req, res) => {
    const src = new URL(req.url!, 'http://x').searchParams.get('src') ?? '';
    res.setHeader('content-type', 'text/html');
    res.end(`<!doctype html><title>host</title>
<script>window.messages = []; addEventListener('message', (e) => window.messages.push({ origin: e.origin, data: e.data }));</script>
<iframe id="widget" title="payment" width="420" height="760" src="${src.replace(/"/g, '&quot;')}"></iframe>`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  hosts.push(server);
  // localhost, not 127.0.0.1: another origin than the gateway's.
  return `http://localhost:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  ctx = await createTestContext();
  allowedHost = await hostServer();
  foreignHost = await hostServer();
  operator = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Framed Casino', frameOrigins: [allowedHost] });
});
afterAll(async () => {
  await Promise.all(hosts.map((h) => new Promise((r) => h.close(r))));
  await ctx.close();
});

async function widgetUrl(): Promise<{ url: string; sid: string }> {
  const r = await api(ctx.apiUrl, 'POST', '/session/deposit', {
    token: operator.apiKey,
    json: { externalUserId: 'framed-player', lang: 'en', platformFiatCurrency: 'USD', userBalance: '0', amount: '10.00', redirectUrl: 'https://framed.example/back' },
  });
  expect(r.status).toBe(201);
  return { url: `${ctx.apiUrl}/widget/deposit?sid=${r.body.data.sid}`, sid: r.body.data.sid };
}

describe('the widget in an iframe', () => {
  it('When the operator allows one origin, Then the page says so in frame-ancestors', async () => {
    const { url } = await widgetUrl();
    const csp = (await fetch(url)).headers.get('content-security-policy')!;
    expect(csp).toContain(`frame-ancestors ${allowedHost}`);
    const plain = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Unframed' });
    const s = await api(ctx.apiUrl, 'POST', '/session/deposit', {
      token: plain.apiKey,
      json: { externalUserId: 'p', lang: 'en', platformFiatCurrency: 'USD', userBalance: '0', amount: '10.00' },
    });
    const other = (await fetch(`${ctx.apiUrl}/widget/deposit?sid=${s.body.data.sid}`)).headers.get('content-security-policy')!;
    expect(other).toContain("frame-ancestors 'none'");
  });

  it('When an allowed host frames the page and the player closes it, Then the host receives loaded and close messages, and the frame stays put', async () => {
    const { url, sid } = await widgetUrl();
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await page.goto(`${allowedHost}/?src=${encodeURIComponent(url)}`);
      const frame = page.frameLocator('#widget');
      await frame.locator('#amount', { hasText: '$10.00' }).waitFor();
      await frame.getByRole('button', { name: 'Close' }).click();
      await page.waitForFunction(() => (window as any).messages.some((m: any) => m.data.event === 'close'));
      const messages = await page.evaluate(() => (window as any).messages);
      const gateway = new URL(ctx.apiUrl).origin;
      expect(messages).toContainEqual({ origin: gateway, data: { type: 'gateway.widget', event: 'loaded', sid, status: 'OPEN' } });
      expect(messages).toContainEqual({ origin: gateway, data: { type: 'gateway.widget', event: 'close', sid, status: 'cancelled' } });
      expect(page.frames().find((f) => f !== page.mainFrame())!.url()).toBe(url);
    } finally {
      await browser.close();
    }
  });

  it('When a foreign origin frames the page, Then the browser refuses to render it and the host receives nothing', async () => {
    const { url } = await widgetUrl();
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await page.goto(`${foreignHost}/?src=${encodeURIComponent(url)}`, { waitUntil: 'load' });
      await new Promise((r) => setTimeout(r, 1500));
      expect(await page.frameLocator('#widget').locator('#amount').count()).toBe(0);
      expect(await page.evaluate(() => (window as any).messages)).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
