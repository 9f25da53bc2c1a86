import { parseUnits, Transaction } from 'ethers';
import { createAdmin } from '../../src/provisioning/admins';
import { closeHeadlessSuite, openHeadlessSuite, type HeadlessFixtures } from '../support/headless-fixtures';
import type { TestContext } from '../support/harness';
import { http } from '../support/http';
import { eventually } from '../support/wait';
import type { WebhookReceiver } from '../support/webhook-receiver';
import { ERC20 } from '../../src/chain/erc20';

let ctx: TestContext;
let receiver: WebhookReceiver;
let f: HeadlessFixtures;
let op: { id: string; apiKey: string };
let admin: string;

beforeAll(async () => {
  // Stuck after one unmined second, so the admin filter can be seen within the test.
  ({ ctx, receiver, f, op } = await openHeadlessSuite({ TX_STUCK_SECONDS: '1' }));
  await createAdmin(ctx.db, 'admin@example.com', 'admin-password', 'ADMIN');
  admin = (await http(ctx.apiUrl, 'POST', '/admin/login', { json: { email: 'admin@example.com', password: 'admin-password' } })).body.token as string;
});
afterAll(async () => {
  // The chain is shared with the files after this one: their transfers are priced for a cheap base fee.
  await f.provider.send('hardhat_setNextBlockBaseFeePerGas', [`0x${parseUnits('1', 'gwei').toString(16)}`]);
  await f.provider.send('evm_mine', []);
  await f.provider.send('evm_setAutomine', [true]);
  await closeHeadlessSuite({ ctx, receiver, f });
});

const highBaseFee = parseUnits('60', 'gwei');
/** Mines one block at a base fee the payout as first signed cannot pay. */
async function mineExpensiveBlock(): Promise<void> {
  await f.provider.send('hardhat_setNextBlockBaseFeePerGas', [`0x${highBaseFee.toString(16)}`]);
  await f.provider.send('evm_mine', []);
}
const stuckList = async () => (await http(ctx.apiUrl, 'GET', '/admin/withdrawals?stuck=true', { token: admin })).body as Array<{ id: string; txHash: string; stuck: boolean }>;

it('When the base fee rises past a signed payout, Then it is replaced at the same nonce, shows as stuck meanwhile, and the replacement that is mined is the payout everywhere', async () => {
  await f.provider.send('evm_setAutomine', [false]);
  const intent = await f.intent(op.apiKey, { amount: '7.00' });
  expect((await f.execute(op.apiKey, intent.sessionRef)).status).toBe(202);
  const first = await eventually(() => ctx.db.outboundTx.findFirst({ where: { purpose: `payout:${intent.id}`, status: 'BROADCAST' } }), 30_000, 'payout broadcast');
  await mineExpensiveBlock();

  // Unmined past the threshold: visible to admins, and re-signed above the base fee.
  const listed = await eventually(async () => (await stuckList()).find((w) => w.id === intent.id), 30_000, 'listed as stuck');
  expect(listed.stuck).toBe(true);
  // The newest candidate priced above the risen base fee. A first replacement may be priced from a head read up to
  // CHAIN_HEAD_SHARE_MS before the rise (the provider shares the latest block); the next poll then bumps it again.
  const bumped = await eventually(async () => {
    const row = await ctx.db.outboundTx.findUniqueOrThrow({ where: { id: first!.id }, include: { candidates: true } });
    return row.candidates.length > 1 && Transaction.from(row.rawTx).maxFeePerGas! > highBaseFee ? row : null;
  }, 30_000, 'a replacement candidate above the base fee');
  expect(Transaction.from(bumped.rawTx).nonce).toBe(Transaction.from(first!.rawTx).nonce);

  await mineExpensiveBlock();
  const done = await f.waitStatus(intent.id, 'COMPLETED', { mine: true });
  const winner = (await ctx.db.outboundTx.findUniqueOrThrow({ where: { id: first!.id } })).txHash;
  expect(winner).not.toBe(first!.txHash);
  expect(await f.provider.getTransactionReceipt(first!.txHash)).toBeNull();
  expect(done.settlementTxHash).toBe(winner);
  expect((await f.record(op.apiKey, intent.sessionRef)).body.data).toMatchObject({ status: 'COMPLETED', txHash: winner, txState: 'CONFIRMED' });
  expect(await f.waitEvents(intent.id, 1, 'WITHDRAW_COMPLETE')).toHaveLength(1);
  const listedAfter = (await http(ctx.apiUrl, 'GET', `/admin/withdrawals?mode=C`, { token: admin })).body as Array<{ id: string; txHash: string; stuck: boolean }>;
  expect(listedAfter.find((w) => w.id === intent.id)).toMatchObject({ txHash: winner, stuck: false });
  expect((await stuckList()).map((w) => w.id)).not.toContain(intent.id);

  // Exactly one transfer reached the recipient: the winner's.
  const receipt = await f.provider.getTransactionReceipt(winner);
  const transfers = receipt!.logs.map((l) => ERC20.parseLog(l)).filter((l) => l?.name === 'Transfer');
  expect(transfers).toHaveLength(1);
  expect(await f.balanceOf(f.token('USDT').address, intent.body.address as string)).toBe(7_000_000n);
});
