import { Contract, id as topicOf, zeroPadValue } from 'ethers';
import { drainGas, restoreGas } from '../../dev/devchain/dev-commands';
import { headlessSuite } from '../support/headless-fixtures';
import { delay, eventually } from '../support/wait';

// The test-only pause between signing and broadcasting gives the test a window to stop the worker there. Reaching the
// signature or the broadcast takes a few workflow tasks: a minute allows for a CI run beside the other shards, where
// a workflow task took 8 s once and 15 s were not enough.
const { ctx, f, op } = headlessSuite({ GAS_RECHECK_SECONDS: '1', TEST_PAUSE_BEFORE_BROADCAST_MS: '3000' });

const payoutTx = (id: string) => ctx.db.outboundTx.findUnique({ where: { purpose: `payout:${id}` } });
const TRANSFER = topicOf('Transfer(address,address,uint256)');

/** Every Transfer of the token to `to` on chain: the one true count of payouts. */
async function transfersTo(tokenAddress: string, to: string) {
  return f.provider.getLogs({ address: tokenAddress, topics: [TRANSFER, null, zeroPadValue(to, 32)], fromBlock: 0 });
}

async function expectPaidOnce(id: string, sessionRef: string) {
  const row = await f.waitStatus(id, 'COMPLETED', { mine: true });
  const stored = await payoutTx(id);
  const logs = await transfersTo(row.tokenAddress, row.address);
  expect(logs).toHaveLength(1);
  expect(logs[0]!.transactionHash).toBe(stored!.txHash);
  expect(await f.balanceOf(row.tokenAddress, row.address)).toBe(BigInt(row.cryptoAmountRaw!.toFixed(0)));
  expect(await ctx.db.outboundTx.count({ where: { purpose: `payout:${id}` } })).toBe(1);
  await f.waitEvents(id, 1, 'WITHDRAW_COMPLETE');
  await f.mineBlocks(3);
  await delay(1500);
  expect(f.events(id).filter((e) => e.event === 'WITHDRAW_COMPLETE')).toHaveLength(1);
  expect(await ctx.db.webhookEvent.count({ where: { uniqueKey: `WITHDRAW_COMPLETE:${id}` } })).toBe(1);
  expect((await f.record(op.apiKey, sessionRef)).body.data).toMatchObject({ status: 'COMPLETED', txState: 'CONFIRMED', txHash: stored!.txHash });
}

describe('crash safety', () => {
  it('When the worker stops after signing and before broadcast, Then on restart the stored transaction is sent: one transfer, one WITHDRAW_COMPLETE', async () => {
    const { id, sessionRef } = await f.intent(op.apiKey, { amount: '6.66' });
    expect((await f.execute(op.apiKey, sessionRef)).status).toBe(202);
    const signed = await eventually(async () => {
      const tx = await payoutTx(id);
      return tx?.status === 'SIGNED' ? tx : null;
    }, 60_000, 'payout signed');
    await ctx.stopWorker();
    try {
      expect((await f.row(id)).status).toBe('RECONCILING');
      expect(await f.provider.getTransaction(signed.txHash)).toBeNull();
      expect((await f.record(op.apiKey, sessionRef)).body.data).toMatchObject({ status: 'RECONCILING', txHash: signed.txHash, txState: 'NONE' });
      expect((await f.cancel(op.apiKey, sessionRef)).body.errorCode).toBe('HEADLESS_CANCEL_NOT_ALLOWED');
      await delay(3500); // past the pause: the timer fires while no worker runs
      expect(await f.provider.getTransaction(signed.txHash)).toBeNull();
    } finally {
      await ctx.startWorker();
    }
    await expectPaidOnce(id, sessionRef);
    expect((await payoutTx(id))!.rawTx).toBe(signed.rawTx);
  });

  it('When the worker stops after broadcast and before the confirmations, Then on restart it reconciles: one transfer, one WITHDRAW_COMPLETE', async () => {
    const { id, sessionRef } = await f.intent(op.apiKey, { amount: '7.77' });
    expect((await f.execute(op.apiKey, sessionRef)).status).toBe(202);
    const sent = await eventually(async () => {
      const tx = await payoutTx(id);
      return tx?.status === 'BROADCAST' ? tx : null;
    }, 60_000, 'payout broadcast');
    await ctx.stopWorker();
    try {
      expect((await f.record(op.apiKey, sessionRef)).body.data).toMatchObject({ status: 'RECONCILING', txHash: sent.txHash, txState: 'CONFIRMING', confirmations: 1 });
      await f.mineBlocks(3);
      expect((await f.row(id)).status).toBe('RECONCILING');
      expect(f.events(id)).toHaveLength(0);
    } finally {
      await ctx.startWorker();
    }
    await expectPaidOnce(id, sessionRef);
  });

  it('When gas comes back while WAITING_FOR_GAS, Then the timer re-check sends it on without any retry', async () => {
    await drainGas({ nodeUrl: f.nodeUrl, address: f.bankroll });
    let w!: Awaited<ReturnType<typeof f.intent>>;
    try {
      w = await f.intent(op.apiKey, { amount: '1.00' });
      expect((await f.execute(op.apiKey, w.sessionRef)).status).toBe(202);
      await f.waitStatus(w.id, 'WAITING_FOR_GAS');
      await delay(2500); // a few re-checks find no gas
      expect((await f.row(w.id)).status).toBe('WAITING_FOR_GAS');
    } finally {
      await restoreGas({ nodeUrl: f.nodeUrl, address: f.bankroll });
    }
    await expectPaidOnce(w.id, w.sessionRef);
  });

  it('When the worker is down while an intent waits for gas and gas returns, Then on restart it pays exactly once from the bankroll', async () => {
    const token = new Contract(f.token('USDT').address, ['function balanceOf(address) view returns (uint256)'], f.provider);
    const before = (await token.getFunction('balanceOf')(f.bankroll)) as bigint;
    await drainGas({ nodeUrl: f.nodeUrl, address: f.bankroll });
    let w!: Awaited<ReturnType<typeof f.intent>>;
    try {
      w = await f.intent(op.apiKey, { amount: '1.50' });
      expect((await f.execute(op.apiKey, w.sessionRef)).status).toBe(202);
      await f.waitStatus(w.id, 'WAITING_FOR_GAS');
      await ctx.stopWorker();
    } finally {
      await restoreGas({ nodeUrl: f.nodeUrl, address: f.bankroll });
    }
    await delay(1500);
    expect((await f.row(w.id)).status).toBe('WAITING_FOR_GAS');
    await ctx.startWorker();
    await expectPaidOnce(w.id, w.sessionRef);
    expect(before - ((await token.getFunction('balanceOf')(f.bankroll)) as bigint)).toBe(1_500_000n);
  });
});
