import { Contract, JsonRpcProvider, parseUnits, toQuantity, Transaction, Wallet } from 'ethers';
import { fund } from '../../dev/devchain/dev-commands';
import { SECOND_DEV_CHAIN } from '../../dev/devchain/spec';
import { createAdmin } from '../../src/provisioning/admins';
import { createOperator } from '../../src/provisioning/operators';
import { closeHeadlessSuite, form, headlessFixtures, type HeadlessFixtures } from '../support/headless-fixtures';
import { runCli } from '../support/cli';
import { createTestContext, type TestContext } from '../support/harness';
import { http, httpWhenServed } from '../support/http';
import { eventually } from '../support/wait';
import { ACK, WebhookReceiver } from '../support/webhook-receiver';

/**
 * The gateway on a real Ethereum client: the harness's second dev chain is geth in dev mode (its default dev genesis,
 * a block a second), and every payout here goes there. Nothing is mined on request: geth seals on its own clock.
 */
const GETH = SECOND_DEV_CHAIN.chainId;
const BURST = 50;

let ctx: TestContext;
let receiver: WebhookReceiver;
let f: HeadlessFixtures;
let geth: JsonRpcProvider;
let headlessOp: { id: string; apiKey: string };
let modeB: { id: string; apiKey: string };
let modeA: { id: string; apiKey: string };
let admin: string;

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const second = () => ctx.services.secondChain;
const usdt = () => second().registry.tokens.find((t) => t.symbol === 'USDT')!;
const user = { lang: 'en', platformFiatCurrency: 'USD', userBalance: '1000' };
const onGeth = () => ({ chainId: GETH, tokenAddress: usdt().address });
const poolStatus = async () => {
  const s = (await geth.send('txpool_status', [])) as { pending: string; queued: string };
  return { pending: Number(s.pending), queued: Number(s.queued) };
};
/** Until geth's pool holds nothing: no transaction waits, none sits behind a nonce gap. */
const poolEmpty = () => eventually(async () => {
  const s = await poolStatus();
  return s.pending === 0 && s.queued === 0 ? s : null;
}, 60_000, 'geth txpool empty');
const balanceOnGeth = (owner: string): Promise<bigint> => new Contract(usdt().address, ['function balanceOf(address) view returns (uint256)'], geth).getFunction('balanceOf')(owner);
const completeEvents = (id: string) => receiver.received.map(form).filter((e) => e.event === 'WITHDRAW_COMPLETE' && e.withdrawRequestId === id);

beforeAll(async () => {
  ctx = await createTestContext({
    worker: true,
    secondChain: true,
    env: { WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1,1,1', TX_STUCK_SECONDS: '3', GAS_RECHECK_SECONDS: '1' },
  });
  receiver = await new WebhookReceiver().start();
  receiver.answer(() => ACK);
  f = headlessFixtures(ctx, receiver);
  geth = new JsonRpcProvider(second().nodeUrl, GETH, { staticNetwork: true, cacheTimeout: -1 });
  headlessOp = await f.operator();
  modeB = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'geth Mode B', webhookUrl: receiver.url, approvalMode: 'EXTERNAL', autoRelease: true });
  modeA = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'geth Mode A', webhookUrl: receiver.url });
  await createAdmin(ctx.db, 'geth-admin@example.com', 'admin-password', 'ADMIN');
  admin = (await http(ctx.apiUrl, 'POST', '/admin/login', { json: { email: 'geth-admin@example.com', password: 'admin-password' } })).body.token as string;
});
afterAll(async () => {
  // The pool's minimum back to geth's dev default, whatever a test left it at: the chain is shared with other files.
  await geth.send('miner_setGasPrice', [toQuantity(1)]).catch(() => undefined);
  geth.destroy();
  await closeHeadlessSuite({ ctx, receiver, f });
});

it('runs on geth in dev mode, chain id 1337', async () => {
  expect(await geth.send('web3_clientVersion', [])).toMatch(/^Geth\/v1\.17\.10/);
  expect(Number((await geth.getNetwork()).chainId)).toBe(1337);
});

it('When USDT is deposited on geth, Then it is swept and credited once', async () => {
  const s = await http(ctx.apiUrl, 'POST', '/session/deposit', { token: modeB.apiKey, json: { ...user, externalUserId: 'geth-depositor', amount: '5.00' } });
  const addr = await http(ctx.apiUrl, 'POST', '/depositor/address', { json: { sid: s.body.data.sid, currency: 'USDT', chainId: GETH } });
  const { txHash } = await fund({ nodeUrl: second().nodeUrl, registry: second().registry, address: addr.body.data.address, token: 'USDT', amount: '5' });
  const row = await eventually(() => ctx.db.deposit.findFirst({ where: { txHash, status: 'CREDITED' } }), 60_000, 'deposit credited');
  expect(row).toMatchObject({ chainId: GETH, grossAmount: expect.anything() });
  await eventually(async () => receiver.received.map(form).some((e) => e.event === 'DEPOSIT' && e.transactionHash === txHash), 30_000, 'DEPOSIT webhook');
  expect(await balanceOnGeth(addr.body.data.address as string)).toBe(0n);
});

it(`When ${BURST} headless payouts to fresh addresses are executed at once on geth, Then all confirm and geth's pool is left empty`, async () => {
  const intents = await Promise.all(range(BURST).map(() => f.intent(headlessOp.apiKey, { ...onGeth(), amount: '1.00' })));
  const results = await Promise.all(intents.map((i) => f.execute(headlessOp.apiKey, i.sessionRef)));
  expect(results.map((r) => r.status)).toEqual(range(BURST).map(() => 202));
  await Promise.all(intents.map((i) => f.waitStatus(i.id, 'COMPLETED', { timeoutMs: 180_000 })));
  const paid = await ctx.db.outboundTx.findMany({ where: { purpose: { in: intents.map((i) => `payout:${i.id}`) } } });
  expect(paid.map((p) => p.status)).toEqual(range(BURST).map(() => 'CONFIRMED'));
  expect(new Set(paid.map((p) => p.nonce)).size).toBe(BURST);
  for (const i of intents.slice(0, 3)) expect(await geth.getCode(i.body.address as string)).toBe('0x');
  expect(await poolEmpty()).toEqual({ pending: 0, queued: 0 });
});

it(`When ${BURST} Mode B withdrawals to fresh addresses are approved at once on geth, Then all are paid, WITHDRAW_COMPLETE follows each, and geth's pool is left empty`, async () => {
  const submitted = await Promise.all(range(BURST).map(async (i) => {
    // Asked again after a busy 503 (nothing written), as an operator's client does: the burst's setup, not what it tests.
    const s = await httpWhenServed(ctx.apiUrl, 'POST', '/session/withdraw', { token: modeB.apiKey, json: { ...user, externalUserId: `geth-payee-${i}`, amount: '1.00' } });
    const r = await httpWhenServed(ctx.apiUrl, 'POST', '/withdraw/direct-transfer', { json: { sid: s.body.data.sid, address: Wallet.createRandom().address, ...onGeth() } });
    if (r.status !== 201) throw new Error(`direct-transfer: ${r.status} ${r.text}`);
    return r.body.data.withdrawRequestId as string;
  }));
  const decided = await Promise.all(submitted.map((id) => http(ctx.apiUrl, 'POST', `/withdraw/${id}/decision`, { token: modeB.apiKey, json: { decision: 'APPROVE' } })));
  expect(decided.map((d) => d.status)).toEqual(range(BURST).map(() => 200));
  await eventually(async () => submitted.every((id) => completeEvents(id).length > 0), 180_000, `${BURST} WITHDRAW_COMPLETE`);
  const rows = await ctx.db.outboundTx.findMany({ where: { purpose: { in: submitted.map((id) => `payout:${id}`) } } });
  expect(rows.map((r) => r.status)).toEqual(range(BURST).map(() => 'CONFIRMED'));
  expect(submitted.every((id) => completeEvents(id).length === 1)).toBe(true);
  expect(await poolEmpty()).toEqual({ pending: 0, queued: 0 });
});

it('When an admin completes a Mode A withdrawal on geth, Then the payout lands there and WITHDRAW_COMPLETE follows', async () => {
  const s = await http(ctx.apiUrl, 'POST', '/session/withdraw', { token: modeA.apiKey, json: { ...user, externalUserId: 'geth-mode-a', amount: '4.00' } });
  const to = Wallet.createRandom().address;
  const r = await http(ctx.apiUrl, 'POST', '/withdraw/direct-transfer', { json: { sid: s.body.data.sid, address: to, ...onGeth() } });
  expect(r.status).toBe(201);
  const id = r.body.data.withdrawRequestId as string;
  expect((await http(ctx.apiUrl, 'PATCH', `/admin/withdrawals/${id}/status`, { token: admin, json: { status: 'PROCESSING' } })).status).toBe(200);
  expect((await http(ctx.apiUrl, 'PATCH', `/admin/withdrawals/${id}/status`, { token: admin, json: { status: 'COMPLETED' } })).status).toBe(200);
  await eventually(async () => completeEvents(id).length > 0, 60_000, 'WITHDRAW_COMPLETE');
  expect(await balanceOnGeth(to)).toBe(4_000_000n);
  const payout = await ctx.db.outboundTx.findFirstOrThrow({ where: { purpose: `payout:${id}` } });
  expect(payout).toMatchObject({ chainId: GETH, status: 'CONFIRMED' });
  expect((await geth.getTransactionReceipt(payout.txHash))?.status).toBe(1);
});

it("When geth's pool asks a higher tip than the node reports, Then the refused payout is re-signed at the pool's minimum at the same nonce and confirms", async () => {
  // miner_setGasPrice raises the pool's minimum tip, while eth_maxPriorityFeePerGas goes on answering 1 wei: a
  // payout signed at the node's own suggestion is refused ("gas price below minimum ... minimum needed N").
  // A recipient that already holds USDT: what this test shows is the fee, not the gas of a first holding.
  const to = Wallet.createRandom().address;
  await fund({ nodeUrl: second().nodeUrl, registry: second().registry, address: to, token: 'USDT', amount: '1' });
  const minimumTip = parseUnits('2', 'gwei');
  await geth.send('miner_setGasPrice', [toQuantity(minimumTip)]);
  try {
    expect(BigInt(await geth.send('eth_maxPriorityFeePerGas', []))).toBeLessThan(minimumTip);
    const intent = await f.intent(headlessOp.apiKey, { ...onGeth(), address: to, amount: '2.00' });
    expect((await f.execute(headlessOp.apiKey, intent.sessionRef)).status).toBe(202);
    await f.waitStatus(intent.id, 'COMPLETED', { timeoutMs: 90_000 });
    const row = await ctx.db.outboundTx.findFirstOrThrow({ where: { purpose: `payout:${intent.id}` }, include: { candidates: { orderBy: { createdAt: 'asc' } } } });
    expect(row.status).toBe('CONFIRMED');
    const first = Transaction.from(row.candidates[0]!.rawTx);
    const winner = Transaction.from(row.rawTx);
    expect(first.maxPriorityFeePerGas!).toBeLessThan(minimumTip);
    expect(winner.nonce).toBe(first.nonce);
    expect(winner.maxPriorityFeePerGas!).toBeGreaterThanOrEqual(minimumTip);
    expect(await f.waitEvents(intent.id, 1, 'WITHDRAW_COMPLETE')).toHaveLength(1);
  } finally {
    await geth.send('miner_setGasPrice', [toQuantity(1)]);
  }
  expect(await poolEmpty()).toEqual({ pending: 0, queued: 0 });
});

it('When `dev drain-gas --chain 1337` empties the bankroll on geth (a transfer out: geth sets no balances), Then a payout waits for gas; after `dev restore-gas` it confirms', async () => {
  const cli = (...args: string[]) => runCli(args, ctx.env);
  const drained = await cli('dev', 'drain-gas', '--chain', String(GETH));
  expect(drained.json).toMatchObject({ chainId: GETH, address: ctx.config.BANKROLL_ADDRESS });
  // Dust under a transfer's fee stays: not enough for any payout's gas.
  expect(parseUnits(drained.json.nativeBalance as string, 18)).toBeLessThan(parseUnits('0.001', 18));
  let intent!: Awaited<ReturnType<HeadlessFixtures['intent']>>;
  try {
    intent = await f.intent(headlessOp.apiKey, { ...onGeth(), amount: '3.00' });
    expect((await f.execute(headlessOp.apiKey, intent.sessionRef)).status).toBe(202);
    await f.waitStatus(intent.id, 'WAITING_FOR_GAS');
  } finally {
    const restored = await cli('dev', 'restore-gas', '--chain', String(GETH));
    expect(restored.json).toMatchObject({ chainId: GETH, nativeBalance: '1000' });
  }
  await f.waitStatus(intent.id, 'COMPLETED', { timeoutMs: 60_000 });
  expect(await balanceOnGeth(intent.body.address as string)).toBe(3_000_000n);
  expect(await poolEmpty()).toEqual({ pending: 0, queued: 0 });
});
