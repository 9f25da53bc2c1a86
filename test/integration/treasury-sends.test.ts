import { id as topicOf, Wallet, zeroPadValue } from 'ethers';
import { drainGas, restoreGas } from '../../dev/devchain/dev-commands';
import { createAdmin } from '../../src/provisioning/admins';
import { runCli } from '../support/cli';
import { http } from '../support/http';
import { headlessSuite } from '../support/headless-fixtures';
import { rowCounts } from '../support/row-counts';
import { treasuryStatusOnce } from '../support/treasury-status';
import { delay, eventually } from '../support/wait';

// The test-only pause between signing and the payout child gives the crash test a window to see SIGNED and stop the
// worker there: 4 s, wide enough for the polls of a process whose event loop the worker shares on a loaded machine (CI
// once saw no SIGNED in 15 s with a 2 s pause). A payout waiting for gas re-checks every 2 s (60 by default): the gas
// is restored while it waits, and the test waits 60 s for it to complete.
const PAUSE_MS = 4000;
const { ctx, f, op } = headlessSuite({ TEST_PAUSE_BEFORE_BROADCAST_MS: String(PAUSE_MS), GAS_RECHECK_SECONDS: '2' });

const cli = (...args: string[]) => runCli(args, ctx.env);
const TRANSFER = topicOf('Transfer(address,address,uint256)');
const CHAIN = '31337';
// Each case runs the CLI (a process start) five to ten times and waits for confirmations: minutes on a loaded machine.
jest.setTimeout(300_000);

async function coldAddress(): Promise<string> {
  const address = Wallet.createRandom().address;
  const r = await cli('treasury', 'cold', 'add', '--chain', CHAIN, '--address', address, '--by', 'alice');
  expect(r.code).toBe(0);
  expect(r.json).toMatchObject({ chainId: 31337, address, addedBy: 'alice', removedAt: null });
  return address;
}

const send = (asset: string, amount: string, to: string) => cli('treasury', 'send', '--chain', CHAIN, '--asset', asset, '--amount', amount, '--to', to, '--by', 'bob');
const status = async (transferId: string) => (await cli('treasury', 'status', transferId)).json;
const stored = (transferId: string) => ctx.db.outboundTx.findUnique({ where: { purpose: `treasury:${transferId}` } });

const untilConfirmed = (transferId: string) => treasuryStatusOnce(ctx, transferId, 'CONFIRMED', { timeoutMs: 60_000, mine: () => f.mineBlocks() });

/** What a refused send leaves: nothing at all, in any table. */
const writtenRows = () => rowCounts(ctx.db);

describe('treasury sends', () => {
  it('When USDT and the native coin are sent to a registered cold address, Then each is paid once by the payout child, CONFIRMED, and reconcile is ok', async () => {
    const cold = await coldAddress();
    const usdt = f.token('USDT').address;
    const r = await send('USDT', '2.5', cold);
    expect(r.code).toBe(0);
    expect(r.json).toEqual({ transferId: expect.any(String), workflowId: `treasury-send-${r.json.transferId}` });
    const { transferId } = r.json;
    expect((await cli('treasury', 'list', '--chain', CHAIN)).json.coldAddresses).toContainEqual({ chainId: 31337, address: cold, addedBy: 'alice', addedAt: expect.any(String) });
    expect(await ctx.db.treasuryTransfer.findUniqueOrThrow({ where: { id: transferId } })).toMatchObject({ requestedBy: 'bob', toAddress: cold, asset: usdt });
    const native = await send('native', '0.01', cold);
    expect(native.code).toBe(0);

    const done = await untilConfirmed(transferId);
    const tx = (await stored(transferId))!;
    expect(done).toEqual({ transferId, status: 'CONFIRMED', txHash: tx.txHash });
    const logs = await f.provider.getLogs({ address: usdt, topics: [TRANSFER, null, zeroPadValue(cold, 32)], fromBlock: 0 });
    expect(logs.map((l) => l.transactionHash)).toEqual([tx.txHash]);
    expect(await f.balanceOf(usdt, cold)).toBe(2_500_000n);
    expect(await ctx.db.reservation.findUniqueOrThrow({ where: { treasuryTransferId: transferId } })).toMatchObject({ status: 'CONSUMED' });
    // The same payout workflow as a withdrawal's, under the send's own id.
    const child = await ctx.temporal.client.workflow.getHandle(`treasury-payout-${transferId}`).describe();
    expect(child).toMatchObject({ type: 'payoutWorkflow', status: { name: 'COMPLETED' } });

    await untilConfirmed(native.json.transferId);
    expect(await f.provider.getBalance(cold)).toBe(10n ** 16n);
    // Admins see both sends, who asked for them, their hashes, and the cold address.
    await createAdmin(ctx.db, 'treasury-admin@example.com', 'admin-password', 'SUPPORT');
    const login = await http(ctx.apiUrl, 'POST', '/admin/login', { json: { email: 'treasury-admin@example.com', password: 'admin-password' } });
    const view = (await http(ctx.apiUrl, 'GET', `/admin/treasury?chainId=${CHAIN}`, { token: login.body.token as string })).body;
    expect(view.coldAddresses).toContainEqual({ id: expect.any(String), chainId: 31337, address: cold, addedBy: 'alice', addedAt: expect.any(String) });
    expect(view.sends.slice(0, 2)).toEqual([
      expect.objectContaining({ id: native.json.transferId, asset: 'native', units: '0.010000000000000000', to: cold, requestedBy: 'bob', status: 'CONFIRMED', stuck: false }),
      expect.objectContaining({ id: transferId, asset: usdt, symbol: 'USDT', amount: '2500000', units: '2.500000', requestedBy: 'bob', status: 'CONFIRMED', transactionHash: tx.txHash, workflowId: `treasury-send-${transferId}` }),
    ]);
    await f.settleInFlight();
    const reconciled = await cli('reconcile', '--chain', CHAIN);
    expect(reconciled.json).toMatchObject({ ok: true, differences: [] });
    expect(reconciled.code).toBe(0);
  });

  it('When the address is not registered (or no longer), or --by is missing, Then exit 2 with { error } and nothing is written or signed', async () => {
    const stranger = Wallet.createRandom().address;
    const removed = await coldAddress();
    const r = await cli('treasury', 'cold', 'remove', '--chain', CHAIN, '--address', removed, '--by', 'carol');
    expect(r.json).toMatchObject({ address: removed, removedBy: 'carol', removedAt: expect.any(String) });
    const registered = await coldAddress();

    const before = await writtenRows();
    const refused = await send('USDT', '1', stranger);
    expect(refused.code).toBe(2);
    expect(refused.json.error).toContain('not a registered cold address');
    expect((await send('USDT', '1', removed)).code).toBe(2);
    expect((await cli('treasury', 'cold', 'remove', '--chain', CHAIN, '--address', removed, '--by', 'carol')).code).toBe(2);
    const unsigned = await cli('treasury', 'send', '--chain', CHAIN, '--asset', 'USDT', '--amount', '1', '--to', registered);
    expect(unsigned.code).toBe(2);
    expect(unsigned.json.error).toContain('--by');
    expect((await cli('treasury', 'cold', 'add', '--chain', CHAIN, '--address', stranger)).code).toBe(2);
    expect((await send('USDT', '0', registered)).code).toBe(2);
    expect(await writtenRows()).toEqual(before);
  });

  it('When a send is more than the unreserved balance, Then exit 2 and nothing is written, while a reserved send still goes', async () => {
    const cold = await coldAddress();
    const token = await f.deployToken('TRS', 6, 100_000_000n);
    const before = await writtenRows();
    expect((await send('TRS', '100.000001', cold)).code).toBe(2);
    expect(await writtenRows()).toEqual(before);

    // Held by a send the worker has not signed yet: the balance is still 100, the unreserved part 40.
    await ctx.stopWorker();
    let first: string;
    try {
      const r = await send('TRS', '60', cold);
      expect(r.code).toBe(0);
      first = r.json.transferId;
      expect(await status(first)).toEqual({ transferId: first, status: 'REQUESTED', txHash: null });
      const held = await writtenRows();
      const refused = await send('TRS', '40.000001', cold);
      expect(refused.code).toBe(2);
      expect(refused.json.error).toContain('unreserved TRS');
      expect(await writtenRows()).toEqual(held);
    } finally {
      await ctx.startWorker();
    }
    await untilConfirmed(first);
    expect(await f.balanceOf(token, cold)).toBe(60_000_000n);
    // Consumed: the 40 left are unreserved, and all of it may go.
    const rest = await send('TRS', '40', cold);
    expect(rest.code).toBe(0);
    await untilConfirmed(rest.json.transferId);
    expect(await f.balanceOf(token, f.bankroll)).toBe(0n);
  });

  it('When the worker stops after signing and before broadcast, Then on restart the stored transaction is sent: one transfer', async () => {
    const cold = await coldAddress();
    const usdt = f.token('USDT').address;
    const { transferId } = (await send('USDT', '1.25', cold)).json;
    const signed = await eventually(async () => {
      const tx = await stored(transferId);
      return tx?.status === 'SIGNED' ? tx : null;
    }, 60_000, 'treasury send signed');
    await ctx.stopWorker();
    try {
      expect(await status(transferId)).toEqual({ transferId, status: 'SIGNED', txHash: signed.txHash });
      await delay(PAUSE_MS + 500); // past the pause: its timer fires while no worker runs
      expect(await f.provider.getTransaction(signed.txHash)).toBeNull();
    } finally {
      await ctx.startWorker();
    }
    expect(await untilConfirmed(transferId)).toEqual({ transferId, status: 'CONFIRMED', txHash: signed.txHash });
    const logs = await f.provider.getLogs({ address: usdt, topics: [TRANSFER, null, zeroPadValue(cold, 32)], fromBlock: 0 });
    expect(logs.map((l) => l.transactionHash)).toEqual([signed.txHash]);
    expect(await ctx.db.outboundTx.count({ where: { purpose: `treasury:${transferId}` } })).toBe(1);
    expect((await stored(transferId))!.rawTx).toBe(signed.rawTx);
  });

  it('When a payout in flight holds its reservation, Then a send of more than the rest is refused; one the bankroll has no gas for ends FAILED unsigned', async () => {
    const cold = await coldAddress();
    const scarce = await f.deployToken('SCARCE', 6, 25_000_000n);
    const payout = await f.intent(op.apiKey, { tokenAddress: scarce, amount: '20.00' });
    // Without gas the payout waits, reserved, and nothing is paid meanwhile.
    await drainGas({ nodeUrl: f.nodeUrl, address: f.bankroll });
    try {
      expect((await f.execute(op.apiKey, payout.sessionRef)).status).toBe(202);
      expect((await f.row(payout.id)).reservation).toMatchObject({ status: 'ACTIVE', rawAmount: expect.anything() });
      const before = await writtenRows();
      const refused = await send('SCARCE', '5.000001', cold);
      expect(refused.code).toBe(2);
      expect(refused.json.error).toContain('unreserved SCARCE');
      expect(await writtenRows()).toEqual(before);

      const r = await send('SCARCE', '5', cold);
      expect(r.code).toBe(0);
      const failed = await treasuryStatusOnce(ctx, r.json.transferId, 'FAILED', { timeoutMs: 30_000 });
      expect(failed).toEqual({ transferId: r.json.transferId, status: 'FAILED', txHash: null, reason: 'BANKROLL_NEEDS_GAS' });
      expect(await stored(r.json.transferId)).toBeNull();
      expect(await ctx.db.reservation.findUniqueOrThrow({ where: { treasuryTransferId: r.json.transferId } })).toMatchObject({ status: 'RELEASED' });
    } finally {
      await restoreGas({ nodeUrl: f.nodeUrl, address: f.bankroll });
    }
    await f.waitStatus(payout.id, 'COMPLETED', { mine: true });
    expect(await f.balanceOf(scarce, f.bankroll)).toBe(5_000_000n);
  });
});
