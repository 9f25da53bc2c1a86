import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Wallet } from 'ethers';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { drainGas, mine, restoreGas } from '../../dev/devchain/dev-commands';
import { setProxyRpc } from '../../dev/devchain/rpc-proxy';
import { createAdmin } from '../../src/provisioning/admins';
import { createOperator } from '../../src/provisioning/operators';
import { recordDeadLettered } from '../support/outbox-events';
import { checkScreen as checkVariants, openBrowser, recordOrigins } from '../support/browser';
import { runCli } from '../support/cli';
import { createTestContext, type TestContext } from '../support/harness';
import { form, headlessFixtures } from '../support/headless-fixtures';
import { http } from '../support/http';
import { eventually, mineUntil } from '../support/wait';
import { ACK, WebhookReceiver } from '../support/webhook-receiver';
import { withdrawFixtures } from '../support/withdraw-fixtures';

/** PANEL_SCREENSHOTS=1 also writes the screens to docs/panel/ (how the committed screenshots were made). */
const SHOTS = process.env.PANEL_SCREENSHOTS === '1' ? path.resolve(__dirname, '../../docs/panel') : null;

let ctx: TestContext;
let receiver: WebhookReceiver;
let f: ReturnType<typeof withdrawFixtures>;
let h: ReturnType<typeof headlessFixtures>;
let op: { id: string; apiKey: string };
let headlessOp: { id: string; apiKey: string };
let browser: Awaited<ReturnType<typeof openBrowser>>;
let otpSecret: string;
let origins: Set<string>;

beforeAll(async () => {
  // No timer re-check of gas (the retry moves it); three quick settle attempts before FAILED(retryable).
  ctx = await createTestContext({
    worker: true,
    env: { WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1,1,1', WEBHOOK_TIMEOUT_MS: '1000', GAS_RECHECK_SECONDS: '3600', HEADLESS_SETTLE_ATTEMPTS: '3' },
  });
  receiver = await new WebhookReceiver().start();
  receiver.answer(() => ACK);
  f = withdrawFixtures(ctx);
  h = headlessFixtures(ctx, receiver);
  op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Panel Games', webhookUrl: receiver.url });
  headlessOp = await h.operator({ name: 'Panel Headless' });
  const admin = await createAdmin(ctx.db, 'ops@example.com', 'ops-password', 'ADMIN');
  await createAdmin(ctx.db, 'support@example.com', 'support-password', 'SUPPORT');
  const enrolled = await runCli(['admin', 'totp', admin.id], ctx.env);
  otpSecret = new URL(enrolled.json.otpauthUri).searchParams.get('secret')!;
  browser = await openBrowser();
  origins = recordOrigins(browser.page);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await h?.settleInFlight();
  h?.provider.destroy();
  f?.provider.destroy();
  await receiver?.stop();
  await ctx?.close();
});

/**
 * The 1280 px light variant of every screen, and the queue's 360 px dark one too, go to docs/panel/. At 360 px no table
 * scrolls sideways either: each row is a card of labelled cells there.
 */
async function checkScreen(page: Page, name: string): Promise<void> {
  await checkVariants(page, name, { dir: SHOTS, shoot: (v) => (v.width === 1280 && v.scheme === 'light') || (name === 'queue' && v.width === 360 && v.scheme === 'dark') });
  await page.setViewportSize({ width: 360, height: 740 });
  const sideways = await page.evaluate(() => Array.from(document.querySelectorAll('.scroll')).filter((e) => e.scrollWidth > e.clientWidth).map((e) => e.getAttribute('aria-label')));
  expect([name, sideways]).toEqual([name, []]);
  await page.setViewportSize({ width: 1280, height: 900 });
}

const panel = (p = '') => `${ctx.apiUrl}/panel${p}`;
const cookie = async () => (await browser.context.cookies()).find((c) => c.name === 'gw_admin');

async function signIn(page: Page, email: string, password: string, otp?: () => Promise<string>): Promise<void> {
  await page.goto(panel());
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (otp) {
    await page.getByLabel('One-time code').fill(await otp());
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await page.getByRole('heading', { name: 'Withdrawals' }).waitFor();
}

/** Confirms the action the button names, in the page's confirm step. */
async function act(page: Page, button: string): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
}

const completeEvents = (id: string) => receiver.received.map(form).filter((e) => e.event === 'WITHDRAW_COMPLETE' && e.withdrawRequestId === id);

describe('the management panel', () => {
  beforeEach(async () => {
    await ctx.db.rateLimitHit.deleteMany();
  });

  it('When an admin logs in with password and one-time code, Then a new Mode A request appears in the queue without a reload; moved to PROCESSING and COMPLETED with notes, the operator gets one WITHDRAW_COMPLETE', async () => {
    const page = browser.page;
    await page.goto(panel());
    await checkScreen(page, 'login');
    await signIn(page, 'ops@example.com', 'ops-password', () => generate({ secret: otpSecret, epoch: Math.floor(Date.now() / 1000) }));
    const c = (await cookie())!;
    expect(c).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(await page.evaluate(() => document.cookie)).toBe('');

    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const w = await f.submitted(op.apiKey, '25.00');
    expect(w.withdrawStatus).toBe('PENDING');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: w.user, exact: true }) });
    await row.waitFor({ timeout: 20_000 });
    await expect(row.textContent()).resolves.toContain('PENDING');
    await expect(page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).resolves.toBe(true);
    await checkScreen(page, 'queue');

    await page.getByRole('link', { name: w.user, exact: true }).click();
    await page.getByRole('heading', { name: `Withdrawal ${w.id}` }).waitFor();
    await checkScreen(page, 'withdrawal');
    await page.getByLabel('Note for this move').fill('checked by phone');
    await page.getByRole('button', { name: 'Move to PROCESSING' }).click();
    await checkScreen(page, 'confirm');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('button', { name: 'Move to COMPLETED' }).waitFor();
    expect((await f.decide(op.apiKey, w.id, 'APPROVE')).status).not.toBe(200);
    await page.getByLabel('Note for this move').fill('paid out');
    await act(page, 'Move to COMPLETED');
    await page.getByRole('cell', { name: 'COMPLETED: paid out' }).waitFor();

    const history = await page.getByRole('table', { name: 'History of moves' }).textContent();
    expect(history).toContain('ops@example.com (ADMIN)');
    expect(history).toContain('PROCESSING: checked by phone');
    await expect(page.getByRole('button', { name: /^Move to/ }).count()).resolves.toBe(0);

    await mineUntil(() => mine({ nodeUrl: ctx.services.chainNodeUrl }), async () => completeEvents(w.id).length > 0, 60_000, 'WITHDRAW_COMPLETE');
    expect(completeEvents(w.id)[0]).toMatchObject({ status: 'COMPLETED', address: w.to, fiatAmount: '25.00' });
    await mine({ nodeUrl: ctx.services.chainNodeUrl, blocks: 2 });
    await eventually(async () => (await ctx.db.webhookEvent.count({ where: { operatorId: op.id, event: 'WITHDRAW_COMPLETE', status: 'DELIVERED' } })) === 1 || null);
    expect(completeEvents(w.id)).toHaveLength(1);
    expect(await f.balanceOf(w.to)).toBe(25_000_000n);
    await page.reload();
    await expect(page.getByText(/\d+ confirmations/).count()).resolves.toBe(1);
    // Nothing the panel loaded came from anywhere but the gateway.
    expect([...origins]).toEqual([new URL(ctx.apiUrl).origin]);
  });

  it('When a cookie-authenticated state change comes without the CSRF token, Then 403 CSRF_TOKEN_INVALID and nothing changes; with it, the move is made', async () => {
    const w = await f.submitted(op.apiKey, '10.00');
    const c = `gw_admin=${(await cookie())!.value}`;
    const move = (headers: Record<string, string>) =>
      http(ctx.apiUrl, 'PATCH', `/admin/withdrawals/${w.id}/status`, { headers: { cookie: c, ...headers }, json: { status: 'REJECTED', adminNote: 'forged' } });
    for (const headers of [{}, { 'x-csrf-token': 'not-the-token' }] as Array<Record<string, string>>) {
      const r = await move(headers);
      expect([r.status, r.body.errorCode, r.body.error]).toEqual([403, 'CSRF_TOKEN_INVALID', 'Forbidden']);
    }
    expect((await http(ctx.apiUrl, 'POST', '/admin/logout', { headers: { cookie: c } })).status).toBe(403);
    expect((await ctx.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } })).status).toBe('PENDING');
    // Reads need no token; the page's own token makes the change.
    expect((await http(ctx.apiUrl, 'GET', '/admin/withdrawals', { headers: { cookie: c } })).status).toBe(200);
    const page = browser.page;
    await page.goto(panel());
    const csrf = (await page.locator('meta[name="csrf-token"]').getAttribute('content'))!;
    expect((await move({ 'x-csrf-token': csrf })).status).toBe(200);
    expect((await ctx.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } })).status).toBe('REJECTED');
  });

  it('When a dead-lettered webhook is redelivered from the panel, Then it is delivered', async () => {
    const event = await recordDeadLettered(ctx.db, ctx.config.SECRETS_KEY, op.id);
    const page = browser.page;
    await page.goto(panel('/webhooks'));
    await page.getByRole('heading', { name: 'Webhook outbox' }).waitFor();
    await checkScreen(page, 'webhooks');
    const row = page.getByRole('row').filter({ hasText: event.id });
    await row.getByRole('button', { name: 'Redeliver' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    await eventually(async () => (await ctx.db.webhookEvent.findUniqueOrThrow({ where: { id: event.id } })).status === 'DELIVERED' || null, 30_000, 'redelivered');
    expect(receiver.received.filter((r) => r.headers['x-event-id'] === event.id)).toHaveLength(1);
    // The page reloads itself after the action (a reload of the test's own would race it): the row loses its button.
    await page.getByRole('row').filter({ hasText: event.id }).getByRole('button', { name: 'Redeliver' }).waitFor({ state: 'detached', timeout: 30_000 });
  });

  it('When a failed retryable headless payout is retried from the panel, Then it completes', async () => {
    await drainGas({ nodeUrl: h.nodeUrl, address: h.bankroll });
    let id!: string;
    let to!: string;
    try {
      const intent = await h.intent(headlessOp.apiKey, { amount: '2.50' });
      ({ id } = intent);
      to = intent.body.address as string;
      expect((await h.execute(headlessOp.apiKey, intent.sessionRef)).status).toBe(202);
      await h.waitStatus(id, 'WAITING_FOR_GAS');
      await setProxyRpc(ctx.services.chainRpcUrl, false);
      const support = (await http(ctx.apiUrl, 'POST', '/admin/login', { json: { email: 'support@example.com', password: 'support-password' } })).body.token as string;
      // SUPPORT may not retry through the API; the panel's admin does, and with the chain unreachable the payout fails.
      expect((await h.retry(support, id)).status).toBe(403);
      const page = browser.page;
      await page.goto(panel(`/withdrawals/${id}`));
      await act(page, 'Retry payout');
      const failed = await h.waitStatus(id, 'FAILED');
      expect(failed).toMatchObject({ retryable: true, reasonCode: 'SETTLEMENT_UNAVAILABLE', settlementTxHash: null });
    } finally {
      await setProxyRpc(ctx.services.chainRpcUrl, true);
      await restoreGas({ nodeUrl: h.nodeUrl, address: h.bankroll });
    }
    const page = browser.page;
    await page.goto(panel(`/withdrawals/${id}`));
    await page.getByText('SETTLEMENT_UNAVAILABLE').waitFor();
    await act(page, 'Retry payout');
    await h.waitStatus(id, 'COMPLETED', { mine: true });
    expect(await h.balanceOf(h.token('USDT').address, to)).toBe(2_500_000n);
    const audit = await ctx.db.adminAudit.findMany({ where: { targetId: id, action: 'WITHDRAWAL_RETRY' } });
    expect(audit).toHaveLength(2);
  });

  it('When the other screens are shown, Then each lists its books without a serious or critical axe-core violation', async () => {
    const page = browser.page;
    await page.goto(panel('/deposits'));
    await page.getByRole('heading', { name: 'Deposits' }).waitFor();
    await checkScreen(page, 'deposits');
    await page.goto(panel('/operators'));
    await page.getByRole('cell', { name: 'Panel Games' }).waitFor();
    await checkScreen(page, 'operators');
    // The treasury's books beside the balances: a cold address, a top-up source and a send to cold storage.
    const cold = Wallet.createRandom().address;
    const source = Wallet.createRandom().address;
    const cli = (...args: string[]) => runCli(args, ctx.env);
    expect((await cli('treasury', 'cold', 'add', '--chain', '31337', '--address', cold, '--by', 'alice')).code).toBe(0);
    expect((await cli('treasury', 'source', 'add', '--chain', '31337', '--address', source, '--by', 'bob')).code).toBe(0);
    expect((await cli('treasury', 'send', '--chain', '31337', '--asset', 'USDC', '--amount', '1.5', '--to', cold, '--by', 'carol')).code).toBe(0);
    await page.goto(panel('/treasury'));
    const balances = page.getByRole('region', { name: /^The bankroll per chain and token/ });
    await expect(balances.getByRole('row').filter({ hasText: 'USDC' }).getByRole('cell').count()).resolves.toBe(5);
    // Amounts without the token's trailing zeros (WETH has 18 decimals).
    const weth = await balances.getByRole('row').filter({ hasText: 'WETH' }).getByRole('cell').allInnerTexts();
    expect(weth.slice(2).filter((v) => /\.\d*0$/.test(v))).toEqual([]);
    const sent = await page.getByRole('region', { name: /^Sends to cold storage/ }).getByRole('row').filter({ hasText: 'carol' }).getByRole('cell').allInnerTexts();
    expect(sent.slice(1, 5)).toEqual(['31337', '1.5 USDC', cold, 'carol']);
    await page.getByRole('region', { name: /^Registered cold addresses/ }).getByRole('row').filter({ hasText: cold }).filter({ hasText: 'alice' }).waitFor();
    await page.getByRole('region', { name: /^Top-up sources/ }).getByRole('row').filter({ hasText: source }).filter({ hasText: 'bob' }).waitFor();
    await checkScreen(page, 'treasury');
  });

  it('When SUPPORT logs in, Then it sees the same queue and withdrawal pages with no action control, and its direct API calls answer 403', async () => {
    const w = await f.submitted(op.apiKey, '11.00');
    await browser.context.clearCookies();
    const page = browser.page;
    await signIn(page, 'support@example.com', 'support-password');
    await page.getByRole('link', { name: w.user, exact: true }).waitFor();
    await page.getByText('Your role can read everything here but cannot act.').waitFor();
    await page.getByRole('link', { name: w.user, exact: true }).click();
    await page.getByRole('heading', { name: `Withdrawal ${w.id}` }).waitFor();
    await expect(page.getByRole('button').allTextContents()).resolves.toEqual(['Log out']);
    const direct = await page.evaluate(async (id) => {
      const csrf = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
      const res = await fetch(`/admin/withdrawals/${id}/status`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
        body: JSON.stringify({ status: 'PROCESSING' }),
      });
      return { status: res.status, body: (await res.json()) as { errorCode: string } };
    }, w.id);
    expect(direct).toMatchObject({ status: 403, body: { errorCode: 'FORBIDDEN_ROLE' } });
    await page.goto(panel('/webhooks'));
    await expect(page.getByRole('button', { name: 'Redeliver' }).count()).resolves.toBe(0);
    expect((await ctx.db.withdrawal.findUniqueOrThrow({ where: { id: w.id } })).status).toBe('PENDING');
  });

  it('When the admin logs out, Then the cookie session ends: the API answers 401 to it and the panel shows the login form', async () => {
    const page = browser.page;
    await page.goto(panel());
    const c = `gw_admin=${(await cookie())!.value}`;
    expect((await http(ctx.apiUrl, 'GET', '/admin/withdrawals', { headers: { cookie: c } })).status).toBe(200);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await cookie()).toBeUndefined();
    const after = await http(ctx.apiUrl, 'GET', '/admin/withdrawals', { headers: { cookie: c } });
    expect([after.status, after.body.errorCode]).toEqual([401, 'UNAUTHORIZED']);
  });
});
