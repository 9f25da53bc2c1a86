import { Contract, ContractFactory } from 'ethers';
import { compileContracts } from '../../dev/devchain/contracts';
import { createAdmin } from '../../src/provisioning/admins';
import { createOperator } from '../../src/provisioning/operators';
import { headlessSuite } from '../support/headless-fixtures';
import { http } from '../support/http';
import { eventually } from '../support/wait';
import { withdrawFixtures } from '../support/withdraw-fixtures';

// Payout gas limits from the node's estimate (src/domain/gas.ts), against a token whose transfer costs more than the
// 100,000 gas every ERC-20 payout used to be signed with, and that can be paused (its transfer then reverts).
const { ctx, f, op, receiver } = headlessSuite({ GAS_RECHECK_SECONDS: '1', HELD_APPROVAL_RETRY_SECONDS: '1' });

const EXTRA_GAS = 100_000n;
let heavy: Contract;

beforeAll(async () => {
  const { HeavyToken } = compileContracts();
  const signer = await f.provider.getSigner(0);
  const contract = await new ContractFactory(HeavyToken.abi, HeavyToken.bytecode, signer).deploy('Heavy Dollar', 'HEAVY', 6, EXTRA_GAS);
  await contract.waitForDeployment();
  heavy = new Contract(await contract.getAddress(), HeavyToken.abi, signer);
  await (await heavy.getFunction('mint')(f.bankroll, 1_000_000_000n)).wait();
  await ctx.db.token.create({
    data: { chainId: 31337, address: await heavy.getAddress(), symbol: 'HEAVY', displaySymbol: 'HEAVY', name: 'Heavy Dollar', decimals: 6, priceFeed: f.token('USDT').priceFeed },
  });
});

const paused = async (on: boolean) => (await heavy.getFunction('setPaused')(on)).wait();

async function executed(amount: string) {
  const intent = await f.intent(op.apiKey, { amount, tokenAddress: await heavy.getAddress() });
  const r = await f.execute(op.apiKey, intent.sessionRef);
  if (r.status !== 202) throw new Error(`execute: ${r.status} ${r.text}`);
  return intent;
}

describe('payout gas from the node', () => {
  it('When a headless payout is in a token whose transfer costs more than 100,000 gas, Then it is signed with the estimate plus margin and confirms', async () => {
    const { id, body } = await executed('5.00');
    await f.waitStatus(id, 'COMPLETED', { mine: true });
    expect(await f.balanceOf(await heavy.getAddress(), body.address as string)).toBe(5_000_000n);
    const payout = await ctx.db.outboundTx.findUniqueOrThrow({ where: { purpose: `payout:${id}` } });
    const receipt = (await f.provider.getTransactionReceipt(payout.txHash))!;
    expect(receipt.status).toBe(1);
    expect(receipt.gasUsed).toBeGreaterThan(100_000n);
    const signed = (await f.provider.getTransaction(payout.txHash))!;
    expect(signed.gasLimit).toBeGreaterThan(receipt.gasUsed);
    expect(signed.gasLimit).toBeLessThanOrEqual(BigInt((await ctx.db.chain.findUniqueOrThrow({ where: { chainId: 31337 } })).maxGasPerTransfer));
  });

  it('When the token is paused (its transfer would revert), Then the payout waits unsigned with GAS_ESTIMATE_FAILED for the operator and admins, and pays once the token is unpaused', async () => {
    await paused(true);
    try {
      const { id, sessionRef, body } = await executed('2.00');
      const held = await eventually(async () => {
        const w = await f.row(id);
        return w.status === 'WAITING_FOR_GAS' && w.heldReason === 'GAS_ESTIMATE_FAILED' ? w : null;
      }, 30_000, 'held for its gas estimate');
      expect(held.settlementTxHash).toBeNull();
      expect(await ctx.db.outboundTx.count({ where: { purpose: `payout:${id}` } })).toBe(0);
      expect((await f.record(op.apiKey, sessionRef)).body.data).toMatchObject({ status: 'WAITING_FOR_GAS', reasonCode: 'GAS_ESTIMATE_FAILED', txHash: null });
      await paused(false);
      const done = await f.waitStatus(id, 'COMPLETED', { mine: true });
      expect(done).toMatchObject({ held: false, heldReason: null, reasonCode: null });
      expect(await f.balanceOf(await heavy.getAddress(), body.address as string)).toBe(2_000_000n);
    } finally {
      await paused(false);
    }
  });

  it('When the estimate passes the chain\'s ceiling, Then the payout waits with GAS_ABOVE_CEILING and pays once the ceiling is raised', async () => {
    const { maxGasPerTransfer } = await ctx.db.chain.findUniqueOrThrow({ where: { chainId: 31337 } });
    await ctx.db.chain.update({ where: { chainId: 31337 }, data: { maxGasPerTransfer: 100_000 } });
    try {
      const { id, body } = await executed('1.00');
      await eventually(async () => {
        const w = await f.row(id);
        return w.status === 'WAITING_FOR_GAS' && w.heldReason === 'GAS_ABOVE_CEILING' ? w : null;
      }, 30_000, 'held above the ceiling');
      expect(await ctx.db.outboundTx.count({ where: { purpose: `payout:${id}` } })).toBe(0);
      await ctx.db.chain.update({ where: { chainId: 31337 }, data: { maxGasPerTransfer } });
      await f.waitStatus(id, 'COMPLETED', { mine: true });
      expect(await f.balanceOf(await heavy.getAddress(), body.address as string)).toBe(1_000_000n);
    } finally {
      await ctx.db.chain.update({ where: { chainId: 31337 }, data: { maxGasPerTransfer } });
    }
  });

  it('Mode A: When an admin completes a payout whose estimate fails, Then 503 GAS_ESTIMATE_FAILED, the withdrawal stays PROCESSING with the reason in the admin list, nothing signed; completed again once fixed, it pays', async () => {
    const w = withdrawFixtures(ctx);
    await createAdmin(ctx.db, 'gas-admin@example.com', 'admin-password', 'ADMIN');
    const admin = (await http(ctx.apiUrl, 'POST', '/admin/login', { json: { email: 'gas-admin@example.com', password: 'admin-password' } })).body.token as string;
    const sync = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Gas Sync', webhookUrl: receiver.url });
    await paused(true);
    try {
      const s = await w.session(sync.apiKey, '3.00');
      const to = w.recipient();
      const id = (await w.submit(s.sid, to, await heavy.getAddress())).body.data.withdrawRequestId as string;
      expect((await w.adminMove(admin, id, 'PROCESSING')).status).toBe(200);
      const refused = await w.adminMove(admin, id, 'COMPLETED');
      expect(refused.status).toBe(503);
      expect(refused.body.errorCode).toBe('GAS_ESTIMATE_FAILED');
      expect(await f.row(id)).toMatchObject({ status: 'PROCESSING', heldReason: 'GAS_ESTIMATE_FAILED', settlementTxHash: null });
      expect(await ctx.db.outboundTx.count({ where: { purpose: `payout:${id}` } })).toBe(0);
      const listed = await http(ctx.apiUrl, 'GET', `/admin/withdrawals?operatorId=${sync.id}`, { token: admin });
      expect(listed.body).toEqual([expect.objectContaining({ id, status: 'PROCESSING', heldReason: 'GAS_ESTIMATE_FAILED' })]);
      await paused(false);
      const completed = await w.adminMove(admin, id, 'COMPLETED');
      expect(completed.status).toBe(200);
      await f.waitStatus(id, 'COMPLETED', { mine: true });
      await eventually(async () => ((await f.balanceOf(await heavy.getAddress(), to)) === 3_000_000n ? true : null), 30_000, 'paid');
    } finally {
      await paused(false);
      w.provider.destroy();
    }
  });

  it('Mode B: When an approval\'s payout estimate fails, Then the approval is held with GAS_ESTIMATE_FAILED and settles by itself once fixed', async () => {
    const w = withdrawFixtures(ctx);
    const ext = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Gas External', webhookUrl: receiver.url, approvalMode: 'EXTERNAL', autoRelease: true });
    await paused(true);
    try {
      const s = await w.session(ext.apiKey, '4.00');
      const to = w.recipient();
      const id = (await w.submit(s.sid, to, await heavy.getAddress())).body.data.withdrawRequestId as string;
      const decided = await w.decide(ext.apiKey, id, 'APPROVE');
      expect(decided.status).toBe(200);
      expect(decided.body.data).toMatchObject({ withdrawStatus: 'AWAITING_APPROVAL', held: true, heldReason: 'GAS_ESTIMATE_FAILED', settlementTxHash: null });
      expect(await ctx.db.outboundTx.count({ where: { purpose: `payout:${id}` } })).toBe(0);
      await paused(false);
      await f.waitStatus(id, 'COMPLETED', { mine: true });
      await eventually(async () => ((await f.balanceOf(await heavy.getAddress(), to)) === 4_000_000n ? true : null), 30_000, 'paid');
    } finally {
      await paused(false);
      w.provider.destroy();
    }
  });
});
