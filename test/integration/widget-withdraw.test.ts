import type { Page } from 'playwright-core';
import { mine } from '../../dev/devchain/dev-commands';
import { createOperator } from '../../src/provisioning/operators';
import { openBrowser, recordOrigins } from '../support/browser';
import { createTestContext, type TestContext } from '../support/harness';
import { mineUntil } from '../support/wait';
import { ACK, WebhookReceiver } from '../support/webhook-receiver';
import { withdrawFixtures } from '../support/withdraw-fixtures';

let ctx: TestContext;
let receiver: WebhookReceiver;
let f: ReturnType<typeof withdrawFixtures>;
let sync: { id: string; apiKey: string };
let ext: { id: string; apiKey: string };
let browser: Awaited<ReturnType<typeof openBrowser>>;

beforeAll(async () => {
  ctx = await createTestContext({
    worker: true,
    env: { WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1,1,1', WEBHOOK_TIMEOUT_MS: '1000', HELD_APPROVAL_RETRY_SECONDS: '1' },
  });
  f = withdrawFixtures(ctx);
  receiver = await new WebhookReceiver().start();
  sync = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Sync Games', webhookUrl: receiver.url });
  ext = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'External', webhookUrl: receiver.url, approvalMode: 'EXTERNAL', autoRelease: true });
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  f.provider.destroy();
  await receiver.stop();
  await ctx.close();
});
beforeEach(() => receiver.answer(() => ACK));

/** Opens a fresh withdraw session's page and submits a USDC payout to `to` through the form. */
async function submitThroughPage(apiKey: string, to: string): Promise<{ page: Page; sid: string; origins: Set<string> }> {
  const s = await f.session(apiKey, '25.00');
  const page = browser.page;
  const origins = recordOrigins(page);
  expect((await page.goto(`${ctx.apiUrl}/widget/withdraw?sid=${s.sid}`))!.status()).toBe(200);
  await expect(page.locator('#amount').textContent()).resolves.toBe('$25.00');
  await page.getByRole('button', { name: 'USDC · Local Dev Chain' }).click();
  await expect(page.locator('#receive').textContent()).resolves.toBe('You receive about 25 USDC on Local Dev Chain');
  await page.getByLabel('Destination address').fill(to);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.locator('#summary-address').textContent()).resolves.toBe(to);
  await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
  return { page, sid: s.sid, origins };
}

const statusText = (page: Page, text: string | RegExp) => page.locator('#status', { hasText: text }).waitFor({ timeout: 20_000 });

describe('the withdraw page in a browser', () => {
  it('When the address has a wrong checksum or is the zero address, Then the page refuses it before anything is sent', async () => {
    const s = await f.session(sync.apiKey);
    const page = browser.page;
    await page.goto(`${ctx.apiUrl}/widget/withdraw?sid=${s.sid}`);
    await page.getByRole('button', { name: 'USDC · Local Dev Chain' }).click();
    const good = f.recipient();
    // Flip the case of the first letter after 0x: still hex, but no longer the EIP-55 checksum.
    const i = good.slice(2).search(/[a-fA-F]/) + 2;
    const flipped = good.slice(0, i) + (good[i] === good[i]!.toUpperCase() ? good[i]!.toLowerCase() : good[i]!.toUpperCase()) + good.slice(i + 1);
    for (const [value, message] of [
      [flipped, /wrong checksum/],
      ['0x0000000000000000000000000000000000000000', /zero address/],
      ['0x1234', /not a valid address/],
    ] as const) {
      await page.getByLabel('Destination address').fill(value);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.locator('#address-error', { hasText: message }).waitFor();
      await expect(page.locator('#confirm-step').isHidden()).resolves.toBe(true);
    }
    expect(await ctx.db.withdrawal.count({ where: { sessionId: s.sid } })).toBe(0);
  });

  it('When a Mode A operator approves, Then the page shows the request under review', async () => {
    const to = f.recipient();
    const { page, sid, origins } = await submitThroughPage(sync.apiKey, to);
    await statusText(page, 'Your withdrawal is under review.');
    const row = await ctx.db.withdrawal.findFirstOrThrow({ where: { sessionId: sid } });
    expect(row).toMatchObject({ status: 'PENDING', address: to });
    expect([...origins]).toEqual([new URL(ctx.apiUrl).origin]);
    // Opened again (WITHDRAW_IN_PROGRESS), the page shows that request instead of a new form.
    await page.reload();
    await statusText(page, 'Your withdrawal is under review.');
    await expect(page.locator('#form').isHidden()).resolves.toBe(true);
  });

  it('When a Mode A operator denies with code 2, Then the page shows the insufficient-balance message', async () => {
    receiver.answer(() => ({ status: 200, body: '{"error":2,"description":"balance 3.00"}' }));
    const { page, sid } = await submitThroughPage(sync.apiKey, f.recipient());
    await statusText(page, 'Your balance is not enough for this withdrawal.');
    expect(await ctx.db.withdrawal.count({ where: { sessionId: sid } })).toBe(0);
  });

  it('When a Mode A operator denies with code 42, Then the page shows the operator’s own description', async () => {
    receiver.answer(() => ({ status: 200, body: '{"error":42,"description":"Finish your bonus wagering first"}' }));
    const { page } = await submitThroughPage(sync.apiKey, f.recipient());
    await statusText(page, 'Finish your bonus wagering first');
  });

  it('When a Mode B operator approves later, Then the page follows from awaiting approval to sent, with the transaction hash, without a reload', async () => {
    const { page, sid } = await submitThroughPage(ext.apiKey, f.recipient());
    await statusText(page, 'Your withdrawal is waiting for approval.');
    const row = await ctx.db.withdrawal.findFirstOrThrow({ where: { sessionId: sid } });
    const decided = await f.decide(ext.apiKey, row.id, 'APPROVE');
    expect(decided.body.data.withdrawStatus).toBe('COMPLETED');
    await mineUntil(() => mine({ nodeUrl: ctx.services.chainNodeUrl }), async () => (await page.locator('#tx').textContent())?.includes(decided.body.data.settlementTxHash) ?? false, 30_000, 'hash on the page');
    await statusText(page, 'Your withdrawal of 25 USDC was sent.');
  });

  it('When a Mode B operator rejects, Then the page shows the rejection without a reload', async () => {
    const { page, sid } = await submitThroughPage(ext.apiKey, f.recipient());
    await statusText(page, 'Your withdrawal is waiting for approval.');
    const row = await ctx.db.withdrawal.findFirstOrThrow({ where: { sessionId: sid } });
    expect((await f.decide(ext.apiKey, row.id, 'REJECT', 'limits')).body.data.withdrawStatus).toBe('REJECTED');
    await statusText(page, 'Your withdrawal was rejected.');
  });
});
