import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { createTestContext, type TestContext } from '../support/harness';
import { http } from '../support/http';

// WRITE_DOCS_SCREENSHOT=1 refreshes the committed docs/api-reference.png; otherwise the shot goes to a temp folder.
const SCREENSHOT = process.env.WRITE_DOCS_SCREENSHOT === '1' ? path.join(__dirname, '../../docs/api-reference.png') : null;

let ctx: TestContext;
let browser: BrowserContext;
let profile: string;

beforeAll(async () => {
  ctx = await createTestContext();
  profile = mkdtempSync(path.join(os.tmpdir(), 'chromium-profile-'));
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1280, height: 900 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
});
afterAll(async () => {
  await browser?.close();
  rmSync(profile, { recursive: true, force: true });
  await ctx?.close();
});

describe('GET /openapi.json and GET /docs', () => {
  it('When the document is fetched, Then it is OpenAPI 3.1 with every webhook event', async () => {
    const r = await http(ctx.apiUrl, 'GET', '/openapi.json');
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe('3.1.0');
    expect(Object.keys(r.body.webhooks)).toHaveLength(5);
  });

  it('When /docs opens in headless Chromium, Then every operation of the document is listed, from the gateway only, with no script or CSP error', async () => {
    const doc = (await http(ctx.apiUrl, 'GET', '/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const expected = Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`)).sort();

    const page = browser.pages()[0] ?? (await browser.newPage());
    const problems: string[] = [];
    const foreign: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => (m.type() === 'error' ? problems.push(`${m.text()} ${m.location().url}`) : undefined));
    page.on('request', (req) => (req.url().startsWith(ctx.apiUrl) ? undefined : foreign.push(req.url())));

    const res = await page.goto(`${ctx.apiUrl}/docs`);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.locator('.opblock').nth(expected.length + 4).waitFor({ timeout: 30_000 });
    const listed = await page.locator('.opblock-summary').evaluateAll((els) =>
      els.map((el) => `${el.querySelector('.opblock-summary-method')?.textContent} ${el.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`),
    );
    // Swagger UI lists the webhooks as operations too, named by event.
    expect(listed.filter((o) => o.split(' ')[1]!.startsWith('/')).sort()).toEqual(expected);
    expect(listed.filter((o) => !o.split(' ')[1]!.startsWith('/')).sort()).toEqual(
      ['DEPOSIT', 'WITHDRAW_CANCELLED', 'WITHDRAW_COMPLETE', 'WITHDRAW_FAILED', 'WITHDRAW_REQUEST'].map((e) => `POST ${e}`),
    );
    expect(problems).toEqual([]);
    expect(foreign).toEqual([]);
    await page.screenshot({ path: SCREENSHOT ?? path.join(profile, 'api-reference.png'), fullPage: true });
  });
});
