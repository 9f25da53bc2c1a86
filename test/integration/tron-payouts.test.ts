import { Wallet } from 'ethers';
import { tronFromEvm } from '../../src/adapters/tron-address';
import { tronDepositAddress } from '../../src/adapters/tron-wallet';
import { createAdmin } from '../../src/provisioning/admins';
import { createOperator } from '../../src/provisioning/operators';
import { createTestContext, type TestContext } from '../support/harness';
import { http } from '../support/http';
import { eventually } from '../support/wait';
import { ACK, WebhookReceiver, type Received } from '../support/webhook-receiver';
import { expectError, headlessFixtures } from '../support/headless-fixtures';
import { registerTronChain, startTronFixture, TRON_STANDIN_CHAIN_ID, type TronFixture } from '../support/tron-standin/fixture';

// Widget withdrawals paid on TRON, against the TRON full-node STAND-IN (test/support/tron-standin): see docs/tron.md.
let ctx: TestContext;
let tron: TronFixture;
let receiver: WebhookReceiver;
let op: { id: string; apiKey: string };
let admin: string;
let seq = 0;

beforeAll(async () => {
  const bankrollAddress = new Wallet(JSON.parse(process.env.GW_TEST_SERVICES!).bankrollKey).address;
  tron = await startTronFixture(bankrollAddress);
  ctx = await createTestContext({ env: { TRON_RPC_URLS: `${TRON_STANDIN_CHAIN_ID}=${tron.standIn.url}`, WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1,1,1', WEBHOOK_TIMEOUT_MS: '1000' } });
  await registerTronChain(ctx.db, tron);
  await ctx.startWorker();
  receiver = await new WebhookReceiver().start();
  receiver.answer(() => ACK);
  op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Tron Sync Games', webhookUrl: receiver.url });
  await createAdmin(ctx.db, 'tron-admin@example.com', 'admin-password', 'ADMIN');
  admin = (await http(ctx.apiUrl, 'POST', '/admin/login', { json: { email: 'tron-admin@example.com', password: 'admin-password' } })).body.token;
});
afterAll(async () => {
  await receiver?.stop();
  await ctx?.close();
  await tron?.standIn.stop();
});

const form = (r: Received) => Object.fromEntries(new URLSearchParams(r.body));

async function withdrawSession(amount: string) {
  seq += 1;
  const r = await http(ctx.apiUrl, 'POST', '/session/withdraw', {
    token: op.apiKey, json: { externalUserId: `tron-wd-${seq}`, lang: 'en', platformFiatCurrency: 'USD', userBalance: '1000', amount },
  });
  expect(r.status).toBe(201);
  return r.body.data as { sid: string; sessionRef: string };
}
const submit = (sid: string, address: string, tokenAddress = tron.usdt) =>
  http(ctx.apiUrl, 'POST', '/withdraw/direct-transfer', { json: { sid, address, chainId: TRON_STANDIN_CHAIN_ID, tokenAddress } });

describe('widget withdrawals on TRON (stand-in node)', () => {
  it('When the widget submits an EVM, malformed or foreign-token destination on the TRON chain, Then 400 and nothing is created', async () => {
    const s = await withdrawSession('10.00');
    const evm = await submit(s.sid, Wallet.createRandom().address);
    expect(evm.status).toBe(400);
    expect(evm.body.errorCode).toBeUndefined();
    expect(evm.body.message).toMatch(/TRON address/);
    expect((await submit(s.sid, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T')).status).toBe(400); // checksum broken
    const wrongToken = await submit(s.sid, tronFromEvm(Wallet.createRandom().address), ctx.services.registry.tokens[0]!.address);
    expect(wrongToken.status).toBe(400);
    expect(wrongToken.body.errorCode).toBe('VALIDATION_ERROR');
    expect(await ctx.db.withdrawal.count({ where: { sessionRef: s.sessionRef } })).toBe(0);
  });

  it('When a headless intent names the TRON chain, reachable and active, Then 400 HEADLESS_UNSUPPORTED_CHAIN (spec 8 rule 6); a TRON recipient is refused first as a non-EVM address; nothing is created', async () => {
    const f = headlessFixtures(ctx, receiver);
    const hl = await f.operator();
    try {
      expectError(await f.create(hl.apiKey, f.body({ chainId: TRON_STANDIN_CHAIN_ID, tokenAddress: tron.usdt })), 400, 'HEADLESS_UNSUPPORTED_CHAIN');
      expectError(await f.create(hl.apiKey, f.body({ chainId: TRON_STANDIN_CHAIN_ID, tokenAddress: tron.usdt, address: tronFromEvm(Wallet.createRandom().address) })), 400);
      expect(await ctx.db.withdrawal.count({ where: { operatorId: hl.id } })).toBe(0);
    } finally {
      f.provider.destroy();
    }
  });

  it('Mode A: When a base58 TRON address is submitted and an admin completes it, Then the bankroll pays USDT on TRON, confirmed, and WITHDRAW_COMPLETE carries the TRON address', async () => {
    const s = await withdrawSession('25.00');
    const to = tronFromEvm(Wallet.createRandom().address);
    const r = await submit(s.sid, to);
    expect(r.status).toBe(201);
    expect(r.body.data.withdrawStatus).toBe('PENDING');
    const id = r.body.data.withdrawRequestId as string;
    const request = receiver.received.map(form).find((f) => f.event === 'WITHDRAW_REQUEST' && f.withdrawRequestId === id);
    expect(request).toMatchObject({ address: to, cryptoCurrencyCode: 'USDT' });
    const move = (status: string) => http(ctx.apiUrl, 'PATCH', `/admin/withdrawals/${id}/status`, { token: admin, json: { status } });
    expect((await move('PROCESSING')).status).toBe(200);
    const completed = await move('COMPLETED');
    expect(completed.status).toBe(200);
    expect(completed.body.txHash).toMatch(/^[0-9a-f]{64}$/);

    const done = await eventually(async () => receiver.received.map(form).find((f) => f.event === 'WITHDRAW_COMPLETE' && f.withdrawRequestId === id), 60_000, 'WITHDRAW_COMPLETE');
    expect(done).toMatchObject({ address: to, cryptoAmountSent: '25.00000000', amountInUsd: '25.000000' });
    expect(tron.standIn.ledger.tokenBalance(tron.usdt, to)).toBe(25_000_000n);
    const info = tron.standIn.ledger.info(completed.body.txHash as string)!;
    expect(info.receipt.result).toBe('SUCCESS');
    expect(tron.standIn.ledger.head().number - info.blockNumber + 1).toBeGreaterThanOrEqual(2);
    const payout = await ctx.db.outboundTx.findUniqueOrThrow({ where: { purpose: `payout:${id}` } });
    expect(payout).toMatchObject({ status: 'CONFIRMED', txHash: completed.body.txHash, fromAddress: tronFromEvm(ctx.config.BANKROLL_ADDRESS) });
    expect((await ctx.db.withdrawal.findUniqueOrThrow({ where: { id } })).status).toBe('COMPLETED');
    expect(receiver.received.map(form).filter((f) => f.event === 'WITHDRAW_COMPLETE' && f.withdrawRequestId === id)).toHaveLength(1);
  });

  it('Mode B: When the operator approves a TRON request (auto-release), Then one payout is signed and confirmed on TRON, a second decision changes nothing, and WITHDRAW_COMPLETE comes once', async () => {
    const ext = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Tron External', webhookUrl: receiver.url, approvalMode: 'EXTERNAL', autoRelease: true });
    seq += 1;
    const session = await http(ctx.apiUrl, 'POST', '/session/withdraw', {
      token: ext.apiKey, json: { externalUserId: `tron-ext-${seq}`, lang: 'en', platformFiatCurrency: 'USD', userBalance: '1000', amount: '12.34' },
    });
    const to = tronFromEvm(Wallet.createRandom().address);
    const r = await submit(session.body.data.sid, to);
    expect(r.status).toBe(201);
    expect(r.body.data.withdrawStatus).toBe('AWAITING_APPROVAL');
    const id = r.body.data.withdrawRequestId as string;
    const decide = (decision: string) => http(ctx.apiUrl, 'POST', `/withdraw/${id}/decision`, { token: ext.apiKey, json: { decision } });
    const approved = await decide('APPROVE');
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ withdrawStatus: 'COMPLETED', settlementTxHash: expect.stringMatching(/^[0-9a-f]{64}$/), held: false });
    const completes = () => receiver.received.map(form).filter((f) => f.event === 'WITHDRAW_COMPLETE' && f.withdrawRequestId === id);
    await eventually(async () => completes().length > 0, 60_000, 'WITHDRAW_COMPLETE (Mode B)');
    expect(tron.standIn.ledger.tokenBalance(tron.usdt, to)).toBe(12_340_000n);
    expect((await decide('APPROVE')).body.data).toMatchObject({ withdrawStatus: 'COMPLETED', settlementTxHash: approved.body.data.settlementTxHash });
    tron.standIn.mine(3);
    await new Promise((res) => setTimeout(res, 800));
    expect(completes()).toHaveLength(1);
    expect(await ctx.db.outboundTx.count({ where: { purpose: `payout:${id}` } })).toBe(1);
  });

  it('When an operator creates a depositor, Then its addresses list the TRON address (base58, TRON path) on the TRON chain beside the EVM one', async () => {
    const r = await http(ctx.apiUrl, 'POST', '/depositor/create', { token: op.apiKey, json: { externalUserId: 'tron-depositor' } });
    expect(r.status).toBe(201);
    const row = await ctx.db.depositAddress.findFirstOrThrow({ where: { operatorId: op.id, externalUserId: 'tron-depositor' } });
    expect(r.body.data.addresses).toEqual(expect.arrayContaining([
      { chainId: ctx.services.registry.chainId, address: row.address },
      { chainId: TRON_STANDIN_CHAIN_ID, address: tronDepositAddress(ctx.config.TRON_DEPOSIT_XPUB!, row.hdIndex) },
    ]));
    const check = await http(ctx.apiUrl, 'GET', '/depositor/tron-depositor/check', { token: op.apiKey });
    expect(check.body.data.addresses).toEqual(r.body.data.addresses);
  });

  it('When a player withdraws to their own TRON deposit address, Then the payout confirms and the scanner, past its block, records no DEPOSIT for the bankroll\'s own transfer', async () => {
    const s = await withdrawSession('7.00');
    const player = `tron-wd-${seq}`;
    expect((await http(ctx.apiUrl, 'POST', '/depositor/create', { token: op.apiKey, json: { externalUserId: player } })).status).toBe(201);
    const own = await ctx.db.depositAddress.findFirstOrThrow({ where: { operatorId: op.id, externalUserId: player } });
    const to = own.tronAddress!;
    const r = await submit(s.sid, to);
    expect(r.status).toBe(201);
    const id = r.body.data.withdrawRequestId as string;
    const move = (status: string) => http(ctx.apiUrl, 'PATCH', `/admin/withdrawals/${id}/status`, { token: admin, json: { status } });
    expect((await move('PROCESSING')).status).toBe(200);
    const txHash = (await move('COMPLETED')).body.txHash as string;
    await eventually(async () => receiver.received.map(form).find((f) => f.event === 'WITHDRAW_COMPLETE' && f.withdrawRequestId === id), 60_000, 'WITHDRAW_COMPLETE');
    expect(tron.standIn.ledger.tokenBalance(tron.usdt, to)).toBe(7_000_000n);
    const block = tron.standIn.ledger.info(txHash)!.blockNumber;
    await eventually(async () => ((await ctx.db.chainCursor.findUnique({ where: { chainId: TRON_STANDIN_CHAIN_ID } }))!.nextBlock > block ? true : null), 30_000, 'the scanner past the payout');
    expect(await ctx.db.deposit.count({ where: { chainId: TRON_STANDIN_CHAIN_ID, txHash } })).toBe(0);
    expect(receiver.received.map(form).filter((f) => f.event === 'DEPOSIT' && f.transactionHash === txHash)).toHaveLength(0);
  });

  it('When the bankroll lacks the TRX a payout\'s energy needs, Then the signed payout is held, never broadcast to burn TRX for nothing, and goes out once TRX is back', async () => {
    const bankroll = tronFromEvm(ctx.config.BANKROLL_ADDRESS);
    const ledger = tron.standIn.ledger;
    const before = ledger.setTrx(bankroll, 500_000n); // 0.5 TRX: an OUT_OF_ENERGY payout if it went out
    try {
      const s = await withdrawSession('5.00');
      const to = tronFromEvm(Wallet.createRandom().address);
      const r = await submit(s.sid, to);
      expect(r.status).toBe(201);
      const id = r.body.data.withdrawRequestId as string;
      const move = (status: string) => http(ctx.apiUrl, 'PATCH', `/admin/withdrawals/${id}/status`, { token: admin, json: { status } });
      expect((await move('PROCESSING')).status).toBe(200);
      const completed = await move('COMPLETED');
      expect(completed.status).toBe(200);
      const txHash = completed.body.txHash as string;
      await new Promise((res) => setTimeout(res, 2500));
      expect(ledger.tx(txHash)).toBeUndefined();
      expect(ledger.trxOf(bankroll)).toBe(500_000n);
      expect((await ctx.db.outboundTx.findUniqueOrThrow({ where: { purpose: `payout:${id}` } })).status).toBe('SIGNED');
      ledger.setTrx(bankroll, before);
      await eventually(async () => receiver.received.map(form).find((f) => f.event === 'WITHDRAW_COMPLETE' && f.withdrawRequestId === id), 60_000, 'WITHDRAW_COMPLETE after TRX');
      expect(ledger.info(txHash)!.receipt.result).toBe('SUCCESS');
      expect(ledger.tokenBalance(tron.usdt, to)).toBe(5_000_000n);
    } finally {
      if ((ledger.trxOf(bankroll) ?? 0n) < before) ledger.setTrx(bankroll, before);
    }
  });
});
