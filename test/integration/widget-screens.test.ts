import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { fund, mine } from '../../dev/devchain/dev-commands';
import { createOperator } from '../../src/provisioning/operators';
import { checkScreen as checkVariants, openBrowser } from '../support/browser';
import { createTestContext, type TestContext } from '../support/harness';
import { http } from '../support/http';
import { ACK, WebhookReceiver } from '../support/webhook-receiver';
import { withdrawFixtures } from '../support/withdraw-fixtures';

/** WIDGET_SCREENSHOTS=1 also writes every screen to docs/widget/ (how the committed screenshots were made). */
const SHOTS = process.env.WIDGET_SCREENSHOTS === '1' ? path.resolve(__dirname, '../../docs/widget') : null;

let ctx: TestContext;
let receiver: WebhookReceiver;
let f: ReturnType<typeof withdrawFixtures>;
let op: { id: string; apiKey: string };
let browser: Awaited<ReturnType<typeof openBrowser>>;

beforeAll(async () => {
  ctx = await createTestContext({ worker: true, env: { WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1,1,1', WEBHOOK_TIMEOUT_MS: '1000', PRICE_RETRY_SECONDS: '1' } });
  f = withdrawFixtures(ctx);
  receiver = await new WebhookReceiver().start();
  receiver.answer(() => ACK);
  op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Screens', webhookUrl: receiver.url });
  browser = await openBrowser();
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  f.provider.destroy();
  await receiver.stop();
  await ctx.close();
});

const checkScreen = (page: Page, name: string) => checkVariants(page, name, { dir: SHOTS });

async function depositPage(): Promise<{ page: Page; sid: string }> {
  const r = await http(ctx.apiUrl, 'POST', '/session/deposit', {
    token: op.apiKey,
    json: { externalUserId: `screens-${Date.now()}`, lang: 'en', platformFiatCurrency: 'USD', userBalance: '0', amount: '50.00', redirectUrl: 'https://casino.example/back' },
  });
  const page = browser.page;
  await page.goto(`${ctx.apiUrl}/widget/deposit?sid=${r.body.data.sid}`);
  return { page, sid: r.body.data.sid };
}

describe('every widget screen, for a person', () => {
  it('When the deposit page is used with the keyboard only, Then it works, focus is visible, and the status region is aria-live', async () => {
    const { page } = await depositPage();
    await page.setViewportSize({ width: 360, height: 780 });
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Local Dev Chain');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('ETH');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('USDC');
    await page.keyboard.press('Enter');
    await page.locator('#address', { hasText: /^0x/ }).waitFor();
    await expect(page.locator('#status').getAttribute('aria-live')).resolves.toBe('polite');
  });

  it('When each deposit screen is shown, Then axe-core finds no serious or critical violation at 360 px and 1280 px, light and dark', async () => {
    const notFound = browser.page;
    await notFound.goto(`${ctx.apiUrl}/widget/deposit?sid=00000000-0000-4000-8000-000000000000`);
    await checkScreen(notFound, 'error');

    const { page } = await depositPage();
    await checkScreen(page, 'deposit-choose');
    await page.getByRole('button', { name: 'Local Dev Chain' }).click();
    await page.getByRole('button', { name: 'USDC', exact: true }).click();
    await page.locator('#estimate', { hasText: 'About' }).waitFor();
    await checkScreen(page, 'deposit-address');
    const address = (await page.locator('#address').textContent())!;
    await fund({ nodeUrl: ctx.services.chainNodeUrl, registry: ctx.services.registry, address, token: 'USDC', amount: '50' });
    await page.locator('#status', { hasText: 'detected' }).waitFor({ timeout: 30_000 });
    await checkScreen(page, 'deposit-detected');
    await mine({ nodeUrl: ctx.services.chainNodeUrl, blocks: 3 });
    await page.locator('#status', { hasText: 'Credited' }).waitFor({ timeout: 60_000 });
    await checkScreen(page, 'deposit-credited');
  });

  it('When each withdraw screen is shown, Then axe-core finds no serious or critical violation at 360 px and 1280 px, light and dark', async () => {
    const open = async () => {
      const s = await f.session(op.apiKey, '25.00');
      await browser.page.goto(`${ctx.apiUrl}/widget/withdraw?sid=${s.sid}`);
      return browser.page;
    };
    let page = await open();
    await page.getByRole('button', { name: 'USDC · Local Dev Chain' }).click();
    await page.getByLabel('Destination address').fill('0x1234');
    await page.getByRole('button', { name: 'Continue' }).click();
    await checkScreen(page, 'withdraw-form-invalid');
    await page.getByLabel('Destination address').fill(f.recipient());
    await page.getByRole('button', { name: 'Continue' }).click();
    await checkScreen(page, 'withdraw-confirm');
    await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
    await page.locator('#status', { hasText: 'under review' }).waitFor();
    await checkScreen(page, 'withdraw-under-review');

    receiver.answer(() => ({ status: 200, body: '{"error":2,"description":"no"}' }));
    page = await open();
    await page.getByRole('button', { name: 'USDC · Local Dev Chain' }).click();
    await page.getByLabel('Destination address').fill(f.recipient());
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
    await page.locator('#status', { hasText: 'balance' }).waitFor();
    await checkScreen(page, 'withdraw-denied');
  });
});
