import { parseUnits, Transaction, Wallet } from 'ethers';
import { ERC20 } from '../../src/chain/erc20';
import { createAdmin } from '../../src/provisioning/admins';
import { runCli } from '../support/cli';
import { http } from '../support/http';
import { closeHeadlessSuite, openHeadlessSuite, type HeadlessSuite } from '../support/headless-fixtures';
import { eventually } from '../support/wait';
import { treasuryStatusOnce } from '../support/treasury-status';

let s: HeadlessSuite;
beforeAll(async () => {
  // Stuck after one unmined second, so the replacement comes within the test.
  s = await openHeadlessSuite({ TX_STUCK_SECONDS: '1' });
});
afterAll(async () => {
  // The chain is shared with the files after this one: their transfers are priced for a cheap base fee.
  await s.f.provider.send('hardhat_setNextBlockBaseFeePerGas', [`0x${parseUnits('1', 'gwei').toString(16)}`]);
  await s.f.provider.send('evm_mine', []);
  await s.f.provider.send('evm_setAutomine', [true]);
  await closeHeadlessSuite(s);
});

const cli = (...args: string[]) => runCli(args, s.ctx.env);
const highBaseFee = parseUnits('60', 'gwei');
/** Mines one block at a base fee the send as first signed cannot pay. */
async function mineExpensiveBlock(): Promise<void> {
  await s.f.provider.send('hardhat_setNextBlockBaseFeePerGas', [`0x${highBaseFee.toString(16)}`]);
  await s.f.provider.send('evm_mine', []);
}

it('When the base fee rises past a signed treasury send, Then the payout child replaces it at the same nonce and the mined replacement is the send everywhere; reconcile is ok', async () => {
  const { ctx, f } = s;
  const cold = Wallet.createRandom().address;
  expect((await cli('treasury', 'cold', 'add', '--chain', '31337', '--address', cold, '--by', 'alice')).code).toBe(0);
  await f.provider.send('evm_setAutomine', [false]);
  const r = await cli('treasury', 'send', '--chain', '31337', '--asset', 'USDT', '--amount', '3', '--to', cold, '--by', 'bob');
  expect(r.code).toBe(0);
  const { transferId } = r.json;
  const purpose = `treasury:${transferId}`;
  const first = await eventually(() => ctx.db.outboundTx.findFirst({ where: { purpose, status: 'BROADCAST' } }), 30_000, 'send broadcast');
  // Its hash is the newest candidate's: one second unmined already counts as stuck here, so it may be a replacement.
  const sent = (await cli('treasury', 'status', transferId)).json;
  expect(sent).toMatchObject({ transferId, status: 'BROADCAST' });
  const candidates = await ctx.db.outboundTxCandidate.findMany({ where: { outboundTxId: first!.id } });
  expect(candidates.map((c) => c.txHash)).toContain(sent.txHash);
  await mineExpensiveBlock();

  // Replaced until a candidate pays the risen base fee (earlier ones may be stuck bumps of the first second), and
  // marked stuck by the first poll a second after it was sent (a poll every CHAIN_POLL_MS, the replacement maybe before).
  const bumped = await eventually(async () => {
    const row = await ctx.db.outboundTx.findUniqueOrThrow({ where: { id: first!.id } });
    return (Transaction.from(row.rawTx).maxFeePerGas ?? 0n) > highBaseFee && row.stuckAt !== null ? row : null;
  }, 30_000, 'a replacement above the base fee, marked stuck');
  expect(Transaction.from(bumped.rawTx).nonce).toBe(Transaction.from(first!.rawTx).nonce);
  // Still unmined: the admins' treasury view marks the send stuck.
  await createAdmin(ctx.db, 'fee-bump-admin@example.com', 'admin-password', 'SUPPORT');
  const login = await http(ctx.apiUrl, 'POST', '/admin/login', { json: { email: 'fee-bump-admin@example.com', password: 'admin-password' } });
  const view = (await http(ctx.apiUrl, 'GET', '/admin/treasury?chainId=31337', { token: login.body.token as string })).body;
  expect(view.sends.find((x: { id: string }) => x.id === transferId)).toMatchObject({ status: 'BROADCAST', stuck: true, workflowId: `treasury-send-${transferId}` });

  await mineExpensiveBlock();
  const done = await treasuryStatusOnce(ctx, transferId, 'CONFIRMED', { timeoutMs: 60_000, mine: () => f.mineBlocks() });
  const winner = (await ctx.db.outboundTx.findUniqueOrThrow({ where: { id: first!.id } })).txHash;
  expect(winner).not.toBe(first!.txHash);
  expect(await f.provider.getTransactionReceipt(first!.txHash)).toBeNull();
  expect(done).toEqual({ transferId, status: 'CONFIRMED', txHash: winner });
  expect(await ctx.db.treasuryTransfer.findUniqueOrThrow({ where: { id: transferId } })).toMatchObject({ status: 'CONFIRMED', txHash: winner });

  const receipt = await f.provider.getTransactionReceipt(winner);
  expect(receipt!.logs.map((l) => ERC20.parseLog(l)).filter((l) => l?.name === 'Transfer')).toHaveLength(1);
  expect(await f.balanceOf(f.token('USDT').address, cold)).toBe(3_000_000n);
  await f.provider.send('evm_setAutomine', [true]);
  await f.settleInFlight();
  expect((await cli('reconcile', '--chain', '31337')).json).toMatchObject({ ok: true, differences: [] });
});
