import { Wallet } from 'ethers';
import { TronNode } from '../../src/adapters/tron-node';
import { isTronAddress, tronFromEvm } from '../../src/adapters/tron-address';
import { refBlockOf, signTronTx, trc20TransferTx } from '../../src/chain/tron-tx';
import { createOperator } from '../../src/provisioning/operators';
import { openBrowser } from '../support/browser';
import { createTestContext, type TestContext } from '../support/harness';
import { http } from '../support/http';
import { eventually } from '../support/wait';
import { ACK, WebhookReceiver } from '../support/webhook-receiver';
import { registerTronChain, startTronFixture, TRON_STANDIN_CHAIN_ID, type TronFixture } from '../support/tron-standin/fixture';

// The hosted widget choosing TRON, against the TRON full-node STAND-IN (test/support/tron-standin): see docs/tron.md.
let ctx: TestContext;
let tron: TronFixture;
let receiver: WebhookReceiver;
let ext: { id: string; apiKey: string };
let browser: Awaited<ReturnType<typeof openBrowser>>;

beforeAll(async () => {
  const bankrollAddress = new Wallet(JSON.parse(process.env.GW_TEST_SERVICES!).bankrollKey).address;
  tron = await startTronFixture(bankrollAddress);
  ctx = await createTestContext({
    env: { TRON_RPC_URLS: `${TRON_STANDIN_CHAIN_ID}=${tron.standIn.url}`, WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1,1,1', WEBHOOK_TIMEOUT_MS: '1000', PRICE_RETRY_SECONDS: '1' },
  });
  await registerTronChain(ctx.db, tron);
  await ctx.startWorker();
  receiver = await new WebhookReceiver().start();
  receiver.answer(() => ACK);
  ext = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Tron Widget', webhookUrl: receiver.url, approvalMode: 'EXTERNAL', autoRelease: true });
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await receiver?.stop();
  await ctx?.close();
  await tron?.standIn.stop();
});

const TRON_OPTION = 'USDT · TRON (stand-in)';

describe('the widget choosing TRON in a browser (stand-in node)', () => {
  it('When the player picks TRON USDT to withdraw, Then the hint asks for a T address, an EVM address is refused on the page, and a TRON one is paid once approved', async () => {
    const s = await http(ctx.apiUrl, 'POST', '/session/withdraw', {
      token: ext.apiKey, json: { externalUserId: 'tron-widget-wd', lang: 'en', platformFiatCurrency: 'USD', userBalance: '100', amount: '7.00' },
    });
    expect(s.status).toBe(201);
    const page = browser.page;
    expect((await page.goto(`${ctx.apiUrl}/widget/withdraw?sid=${s.body.data.sid}`))!.status()).toBe(200);
    await page.getByRole('button', { name: TRON_OPTION }).click();
    await expect(page.locator('#address-hint').textContent()).resolves.toBe('Your TRON wallet address, starting with T');
    await expect(page.locator('#receive').textContent()).resolves.toBe('You receive about 7 USDT on TRON (stand-in)');
    await page.getByLabel('Destination address').fill(Wallet.createRandom().address);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.locator('#address-error', { hasText: /not a valid address/ }).waitFor();
    await expect(page.locator('#confirm-step').isHidden()).resolves.toBe(true);

    const to = tronFromEvm(Wallet.createRandom().address);
    await page.getByLabel('Destination address').fill(to);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.locator('#summary-address').textContent()).resolves.toBe(to);
    await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
    await page.locator('#status', { hasText: 'Your withdrawal is waiting for approval.' }).waitFor({ timeout: 20_000 });
    const row = await ctx.db.withdrawal.findFirstOrThrow({ where: { sessionRef: s.body.data.sessionRef } });
    expect(row).toMatchObject({ chainId: TRON_STANDIN_CHAIN_ID, address: to, tokenAddress: tron.usdt, status: 'AWAITING_APPROVAL' });
    const decided = await http(ctx.apiUrl, 'POST', `/withdraw/${row.id}/decision`, { token: ext.apiKey, json: { decision: 'APPROVE' } });
    expect(decided.body.data.withdrawStatus).toBe('COMPLETED');
    await page.locator('#status', { hasText: 'Your withdrawal of 7 USDT was sent.' }).waitFor({ timeout: 30_000 });
    await page.locator('#tx', { hasText: decided.body.data.settlementTxHash }).waitFor();
    // "Sent" is the signed transaction on its way; it is paid once the node seals it in a block (CI once read the
    // balance before that block on a loaded machine).
    await eventually(async () => tron.standIn.ledger.tokenBalance(tron.usdt, to) === 7_000_000n, 30_000, 'the 7 USDT in a block at the TRON address');
  });

  it('When the player picks TRON to deposit, Then only its TRC-20 USDT is offered, the base58 address has a QR and an estimate, and the payment is followed to credited', async () => {
    const s = await http(ctx.apiUrl, 'POST', '/session/deposit', {
      token: ext.apiKey, json: { externalUserId: 'tron-widget-dep', lang: 'en', platformFiatCurrency: 'USD', userBalance: '0', amount: '20.00' },
    });
    const page = browser.page;
    await page.goto(`${ctx.apiUrl}/widget/deposit?sid=${s.body.data.sid}`);
    await page.getByRole('button', { name: 'TRON (stand-in)' }).click();
    await expect(page.locator('#tokens button').allTextContents()).resolves.toEqual(['USDT']);
    await page.getByRole('button', { name: 'USDT', exact: true }).click();
    const address = page.locator('#address', { hasText: /^T/ });
    await address.waitFor();
    const shown = (await address.textContent())!;
    expect(isTronAddress(shown)).toBe(true);
    await expect(page.locator('#qr').getAttribute('src')).resolves.toMatch(/^data:image\/svg\+xml;base64,/);
    await page.locator('#estimate').filter({ hasText: /About 20 USDT/ }).waitFor();

    const payer = Wallet.createRandom();
    const payerTron = tronFromEvm(payer.address);
    tron.standIn.ledger.credit(payerTron, 50_000_000n);
    tron.standIn.ledger.mint(tron.usdt, payerTron, 20_000_000n);
    const node = new TronNode(tron.standIn.url);
    const tx = signTronTx(trc20TransferTx({ from: payerTron, token: tron.usdt, to: shown, raw: 20_000_000n, feeLimitSun: 30_000_000n }, refBlockOf(await node.nowBlock(), 60_000)), payer.privateKey);
    expect(await node.broadcast(tx)).toEqual({ ok: true });
    await page.locator('#deposits li[data-status="CREDITED"]').waitFor({ timeout: 60_000 });
  });
});
