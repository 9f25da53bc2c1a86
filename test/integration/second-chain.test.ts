import { Contract, JsonRpcProvider, Wallet } from 'ethers';
import { fund, mine } from '../../dev/devchain/dev-commands';
import { SECOND_DEV_CHAIN } from '../../dev/devchain/spec';
import { createOperator } from '../../src/provisioning/operators';
import { openBrowser } from '../support/browser';
import { runCli } from '../support/cli';
import { createTestContext, type TestContext } from '../support/harness';
import { http } from '../support/http';
import { eventually, mineUntil } from '../support/wait';
import { ACK, WebhookReceiver, type Received } from '../support/webhook-receiver';

/** The second dev chain beside the first: its own id, interval mining, confirmations, tokens and scanner. */
const CHAIN2 = SECOND_DEV_CHAIN.chainId;
const ERC20_ABI = ['function balanceOf(address) view returns (uint256)'];

let ctx: TestContext;
let receiver: WebhookReceiver;
let provider2: JsonRpcProvider;
type Op = { id: string; apiKey: string };
let ext: Op;

const second = () => ctx.services.secondChain;
const token2 = (symbol: string) => second().registry.tokens.find((t) => t.symbol === symbol)!;
const form = (r: Received) => Object.fromEntries(new URLSearchParams(r.body));
const events = (name: string, match: (e: Record<string, string>) => boolean) => receiver.received.map(form).filter((e) => e.event === name && match(e));
const balance2 = (tokenAddress: string, owner: string): Promise<bigint> => new Contract(tokenAddress, ERC20_ABI, provider2).getFunction('balanceOf')(owner);
const mine2 = () => mine({ nodeUrl: second().nodeUrl, chainId: CHAIN2 });
const cli = (...args: string[]) => runCli(args, ctx.env);
const user = { lang: 'en', platformFiatCurrency: 'USD', userBalance: '1000' };

beforeAll(async () => {
  ctx = await createTestContext({
    worker: true,
    secondChain: true,
    env: { WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1,1,1', PRICE_RETRY_SECONDS: '1' },
  });
  provider2 = new JsonRpcProvider(second().nodeUrl, CHAIN2, { staticNetwork: true, cacheTimeout: -1 });
  receiver = await new WebhookReceiver().start();
  receiver.answer(() => ACK);
  ext = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Two Chains', webhookUrl: receiver.url, approvalMode: 'EXTERNAL', autoRelease: true });
});
afterAll(async () => {
  // No payout of this file may still be on its way when the next file uses the shared chains' bankroll.
  await mineUntil(mine2, async () => (await ctx.db.outboundTx.count({ where: { status: { in: ['SIGNED', 'BROADCAST'] } } })) === 0, 60_000, 'payouts settled');
  provider2.destroy();
  await receiver.stop();
  await ctx.close();
});

describe('two dev EVM chains', () => {
  it('When GET /chain and /readyz are read, Then both chains are listed with their own confirmations, the inactive DAI on each, and each chain is named up', async () => {
    const chains = (await http(ctx.apiUrl, 'GET', '/chain')).body;
    // Listed by chain id: geth's 1337 before hardhat's 31337.
    expect(chains.map((c: { chainId: number }) => c.chainId)).toEqual([CHAIN2, 31337]);
    const [other, first] = chains;
    expect(other).toMatchObject({ name: 'Local Dev Chain 2', type: 'EVM', depositConfirmations: 2, withdrawConfirmations: 1, active: true });
    expect(first).toMatchObject({ depositConfirmations: 3, withdrawConfirmations: 2 });
    for (const c of chains) {
      expect(c.tokens.map((t: { symbol: string }) => t.symbol).sort()).toEqual(['DAI', 'ETH', 'USDC', 'USDT', 'WETH']);
      expect(c.tokens.find((t: { symbol: string }) => t.symbol === 'DAI').active).toBe(false);
    }
    // The same tokens, deployed again on the second chain at its own addresses.
    expect(other.tokens.find((t: { symbol: string }) => t.symbol === 'USDT').address).toBe(token2('USDT').address);
    const ready = await http(ctx.apiUrl, 'GET', '/readyz');
    expect(ready.body).toEqual({ status: 'ok', checks: { database: 'up', temporal: 'up', chains: { '31337': 'up', [CHAIN2]: 'up' } } });
  });

  it('When the second chain mines, Then it does so on its own clock (interval mining), without being asked', async () => {
    const start = await provider2.getBlockNumber();
    await eventually(async () => (await provider2.getBlockNumber()) >= start + 2, 10_000, 'two interval blocks');
  });

  it('When one user asks for deposit addresses, Then the address is the same on both chains', async () => {
    const created = await http(ctx.apiUrl, 'POST', '/depositor/create', { token: ext.apiKey, json: { externalUserId: 'both-chains' } });
    const addresses = created.body.data.addresses;
    expect(addresses.map((a: { chainId: number }) => a.chainId)).toEqual([CHAIN2, 31337]);
    expect(addresses[0].address).toBe(addresses[1].address);
    const s = await http(ctx.apiUrl, 'POST', '/session/deposit', { token: ext.apiKey, json: { ...user, externalUserId: 'both-chains', amount: '5.00' } });
    const on1 = await http(ctx.apiUrl, 'POST', '/depositor/address', { json: { sid: s.body.data.sid, currency: 'USDT', chainId: 31337 } });
    const on2 = await http(ctx.apiUrl, 'POST', '/depositor/address', { json: { sid: s.body.data.sid, currency: 'USDT', chainId: CHAIN2 } });
    expect(on2.body.data).toMatchObject({ address: on1.body.data.address, chainId: CHAIN2, tokenAddress: token2('USDT').address });
    expect(on1.body.data.address).toBe(addresses[1].address);
    expect(on2.body.data.paymentUri).toContain(`@${CHAIN2}/`);
  });

  it('When USDT is deposited on the second chain, Then its scanner finds it, it is swept to the bankroll there and credited once with its chain id', async () => {
    const s = await http(ctx.apiUrl, 'POST', '/session/deposit', { token: ext.apiKey, json: { ...user, externalUserId: 'depositor-2', amount: '7.00' } });
    const addr = await http(ctx.apiUrl, 'POST', '/depositor/address', { json: { sid: s.body.data.sid, currency: 'USDT', chainId: CHAIN2 } });
    const address = addr.body.data.address as string;
    const usdt = token2('USDT');
    const before = await balance2(usdt.address, ctx.config.BANKROLL_ADDRESS);
    const { txHash } = await fund({ nodeUrl: second().nodeUrl, registry: second().registry, address, token: 'USDT', amount: '7' });
    const [d] = await eventually(async () => {
      const found = events('DEPOSIT', (e) => e.transactionHash === txHash);
      return found.length ? found : null;
    }, 60_000, 'DEPOSIT on the second chain');
    expect(d).toMatchObject({ externalUserId: 'depositor-2', chainId: String(CHAIN2), contractAddress: usdt.address, grossAmount: '7000000', type: 'ERC20', sessionRef: s.body.data.sessionRef });
    const row = await ctx.db.deposit.findFirstOrThrow({ where: { txHash } });
    expect(row).toMatchObject({ chainId: CHAIN2, status: 'CREDITED' });
    expect(await balance2(usdt.address, address)).toBe(0n);
    expect(await balance2(usdt.address, ctx.config.BANKROLL_ADDRESS)).toBe(before + 7_000_000n);
    expect(await ctx.db.deposit.count({ where: { chainId: 31337 } })).toBe(0);
    await new Promise((r) => setTimeout(r, 1500));
    expect(events('DEPOSIT', (e) => e.transactionHash === txHash)).toHaveLength(1);
  });

  it('When a Mode B withdrawal on the second chain is approved, Then it is paid and confirmed there, and WITHDRAW_COMPLETE follows once', async () => {
    const s = await http(ctx.apiUrl, 'POST', '/session/withdraw', { token: ext.apiKey, json: { ...user, externalUserId: 'payee-2', amount: '12.34' } });
    const to = Wallet.createRandom().address;
    const usdc = token2('USDC');
    const submitted = await http(ctx.apiUrl, 'POST', '/withdraw/direct-transfer', { json: { sid: s.body.data.sid, address: to, chainId: CHAIN2, tokenAddress: usdc.address } });
    expect(submitted.status).toBe(201);
    const id = submitted.body.data.withdrawRequestId as string;
    expect(submitted.body.data.withdrawStatus).toBe('AWAITING_APPROVAL');
    const decided = await http(ctx.apiUrl, 'POST', `/withdraw/${id}/decision`, { token: ext.apiKey, json: { decision: 'APPROVE' } });
    expect(decided.body.data).toMatchObject({ withdrawStatus: 'COMPLETED', held: false, settlementTxHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    // No mining asked for: the second chain's own blocks confirm it.
    await eventually(async () => events('WITHDRAW_COMPLETE', (e) => e.withdrawRequestId === id).length > 0, 60_000, 'WITHDRAW_COMPLETE');
    expect(await balance2(usdc.address, to)).toBe(12_340_000n);
    const receipt = await provider2.getTransactionReceipt(decided.body.data.settlementTxHash);
    expect(receipt?.status).toBe(1);
    const payout = await ctx.db.outboundTx.findFirstOrThrow({ where: { purpose: `payout:${id}` } });
    expect(payout).toMatchObject({ chainId: CHAIN2, status: 'CONFIRMED' });
    expect((await ctx.db.withdrawal.findUniqueOrThrow({ where: { id } })).chainId).toBe(CHAIN2);
    expect(events('WITHDRAW_COMPLETE', (e) => e.withdrawRequestId === id)).toHaveLength(1);
  });

  it('When the dev commands name the second chain, Then they act on it: mine, bankroll, and rpc --down takes only it out of readiness', async () => {
    const mined = await cli('dev', 'mine', '--chain', String(CHAIN2), '--blocks', '2');
    expect(mined.json).toMatchObject({ chainId: CHAIN2, blockNumber: expect.any(Number) });
    expect(mined.json.blockNumber).toBeLessThanOrEqual(await provider2.getBlockNumber());
    const bankroll = await cli('dev', 'bankroll', '--chain', String(CHAIN2));
    expect(bankroll.json).toMatchObject({ chainId: CHAIN2, address: ctx.config.BANKROLL_ADDRESS });
    expect((await cli('dev', 'mine')).json.chainId).toBe(31337);
    const down = await cli('dev', 'rpc', '--down', '--chain', String(CHAIN2));
    try {
      expect(down.json).toEqual({ chainId: CHAIN2, rpc: 'down' });
      const ready = await http(ctx.apiUrl, 'GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body.checks.chains).toEqual({ '31337': 'up', [CHAIN2]: 'down' });
    } finally {
      expect((await cli('dev', 'rpc', '--up', '--chain', String(CHAIN2))).json).toEqual({ chainId: CHAIN2, rpc: 'up' });
    }
    expect((await http(ctx.apiUrl, 'GET', '/readyz')).status).toBe(200);
  });
});

describe('the widget with two chains', () => {
  it('When a player picks the second chain in the deposit page and pays there, Then the address is the one of the first chain and the credit shows', async () => {
    const s = await http(ctx.apiUrl, 'POST', '/session/deposit', { token: ext.apiKey, json: { ...user, externalUserId: 'widget-two-chains', amount: '5.00' } });
    const { pathname, search } = new URL(s.body.data.url);
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await page.goto(`${ctx.apiUrl}${pathname}${search}`);
      await page.getByRole('button', { name: 'Local Dev Chain', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Local Dev Chain 2', exact: true }).click();
      await expect(page.locator('#tokens button').allTextContents()).resolves.not.toContain('DAI');
      await page.getByRole('button', { name: 'USDT', exact: true }).click();
      const address = page.locator('#address');
      await address.filter({ hasText: /^0x[0-9a-fA-F]{40}$/ }).waitFor();
      const shown = (await address.textContent())!;
      const onFirst = await http(ctx.apiUrl, 'POST', '/depositor/address', { json: { sid: s.body.data.sid, currency: 'USDT', chainId: 31337 } });
      expect(shown).toBe(onFirst.body.data.address);
      const { txHash } = await fund({ nodeUrl: second().nodeUrl, registry: second().registry, address: shown, token: 'USDT', amount: '5' });
      await page.locator('#deposits li[data-status="CREDITED"]', { hasText: txHash }).waitFor({ timeout: 60_000 });
    } finally {
      await browser.close();
    }
  });

  it('When the withdraw page is opened, Then it offers payouts on both chains', async () => {
    const s = await http(ctx.apiUrl, 'POST', '/session/withdraw', { token: ext.apiKey, json: { ...user, externalUserId: 'widget-payee', amount: '3.00' } });
    const { pathname, search } = new URL(s.body.data.url);
    const html = await (await fetch(`${ctx.apiUrl}${pathname}${search}`)).text();
    expect(html).toContain('USDC · Local Dev Chain</button>');
    expect(html).toContain('USDC · Local Dev Chain 2</button>');
  });
});

describe('chain add with the RPC at hand', () => {
  it('When the second chain is added by CLI to a registry without it, Then its RPC is checked, its instance recorded and its scan cursor opened at the head', async () => {
    const plain = await createTestContext();
    try {
      expect(await plain.db.chain.findUnique({ where: { chainId: CHAIN2 } })).toBeNull();
      const env = { ...plain.env, CHAIN_RPC_URLS: `${plain.env.CHAIN_RPC_URLS},${CHAIN2}=${second().rpcUrl}` };
      const head = await provider2.getBlockNumber();
      const r = await runCli(['chain', 'add', '--id', String(CHAIN2), '--name', 'Added', '--native-symbol', 'ETH', '--deposit-confirmations', '2', '--withdraw-confirmations', '1'], env);
      expect(r.code).toBe(0);
      expect(r.json).toMatchObject({ chainId: CHAIN2, rpc: 'up', active: true });
      expect(r.json.scanFromBlock).toBeGreaterThanOrEqual(head);
      expect(await plain.db.chainCursor.findUnique({ where: { chainId: CHAIN2 } })).toMatchObject({ nextBlock: r.json.scanFromBlock });
      expect((await plain.db.chain.findUniqueOrThrow({ where: { chainId: CHAIN2 } })).genesisHash).toBe((await provider2.getBlock(0))!.hash);
      const usdt = token2('USDT');
      const t = await runCli(['token', 'add', '--chain', String(CHAIN2), '--address', usdt.address, '--symbol', 'USDT', '--price-feed', usdt.priceFeed], env);
      expect(t.json).toMatchObject({ decimals: 6, active: true });
    } finally {
      await plain.close();
    }
  });
});
