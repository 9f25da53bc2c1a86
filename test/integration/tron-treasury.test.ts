import { Wallet } from 'ethers';
import { TronNode } from '../../src/adapters/tron-node';
import { tronFromEvm } from '../../src/adapters/tron-address';
import { refBlockOf, signTronTx, trc20TransferTx, trxTransferTx, type TronTx } from '../../src/chain/tron-tx';
import { runCli } from '../support/cli';
import { createTestContext, type TestContext } from '../support/harness';
import { rowCounts } from '../support/row-counts';
import { treasuryStatusOnce } from '../support/treasury-status';
import { eventually } from '../support/wait';
import { RECONCILE_BLOCK_MS, registerTronChain, startTronFixture, TRON_STANDIN_CHAIN_ID, type TronFixture } from '../support/tron-standin/fixture';

// Treasury sends and top-ups on TRON (decision 0042), against the TRON full-node STAND-IN (docs/tron.md). A TRON deposit
// and payout reconciled together are covered in reconcile-schedule.test.ts ("reconcile on TRON").
// Each CLI call is a process of its own and a send case makes a dozen, waiting on the payout child's confirmations too.
jest.setTimeout(300_000);

let ctx: TestContext;
let tron: TronFixture;
let node: TronNode;

beforeAll(async () => {
  const bankrollAddress = new Wallet(JSON.parse(process.env.GW_TEST_SERVICES!).bankrollKey).address;
  tron = await startTronFixture(bankrollAddress, RECONCILE_BLOCK_MS);
  node = new TronNode(tron.standIn.url);
  ctx = await createTestContext({ env: { TRON_RPC_URLS: `${TRON_STANDIN_CHAIN_ID}=${tron.standIn.url}` } });
  await registerTronChain(ctx.db, tron);
  await ctx.startWorker();
});
afterAll(async () => {
  await ctx?.close();
  await tron?.standIn.stop();
});

const CHAIN = String(TRON_STANDIN_CHAIN_ID);
const cli = (...args: string[]) => runCli(args, ctx.env);
const bankroll = () => tronFromEvm(ctx.config.BANKROLL_ADDRESS);
const newTronAddress = () => tronFromEvm(Wallet.createRandom().address);
const send = (asset: string, amount: string, to: string) => cli('treasury', 'send', '--chain', CHAIN, '--asset', asset, '--amount', amount, '--to', to, '--by', 'bob');
const reconcile = () => cli('reconcile', '--chain', CHAIN);
/** Raw units of a 6-decimal asset as the CLI's --amount. */
const units = (raw: bigint) => `${raw / 1_000_000n}.${String(raw % 1_000_000n).padStart(6, '0')}`;

async function coldAddress(): Promise<string> {
  const address = newTronAddress();
  const r = await cli('treasury', 'cold', 'add', '--chain', CHAIN, '--address', address, '--by', 'alice');
  expect(r.code).toBe(0);
  expect(r.json).toMatchObject({ chainId: TRON_STANDIN_CHAIN_ID, address, addedBy: 'alice', removedAt: null });
  return address;
}

const untilConfirmed = (transferId: string) => treasuryStatusOnce(ctx, transferId, 'CONFIRMED', { timeoutMs: 60_000 });

/** A wallet of the service team's on TRON, holding TRX and USDT, signing its own transfers. */
function teamWallet() {
  const key = Wallet.createRandom();
  const address = tronFromEvm(key.address);
  tron.standIn.ledger.credit(address, 100_000_000n);
  tron.standIn.ledger.mint(tron.usdt, address, 50_000_000n);
  const broadcast = async (build: (ref: ReturnType<typeof refBlockOf>) => TronTx) => {
    const tx = signTronTx(build(refBlockOf(await node.nowBlock(), 60_000)), key.privateKey);
    expect(await node.broadcast(tx)).toEqual({ ok: true });
    return tx.txID;
  };
  return {
    address,
    trx: (sun: bigint) => broadcast((ref) => trxTransferTx({ from: address, to: bankroll(), sun }, ref)),
    usdt: (raw: bigint) => broadcast((ref) => trc20TransferTx({ from: address, token: tron.usdt, to: bankroll(), raw, feeLimitSun: 30_000_000n }, ref)),
  };
}

/** Until each transaction is in a block with `depth` blocks on top (the stand-in chain's confirmations are 2). */
const deepEnough = (txIDs: string[], depth = 3) =>
  eventually(async () => txIDs.every((id) => {
    const info = tron.standIn.ledger.info(id);
    return info && tron.standIn.ledger.head().number - info.blockNumber + 1 >= depth;
  }) || null, 30_000, 'transfers confirmed');

describe('treasury sends on TRON (stand-in node)', () => {
  it('When USDT and TRX are sent to a registered TRON cold address, Then each is signed once by the bankroll, paid by the payout child, CONFIRMED, and reconcile is ok', async () => {
    const cold = await coldAddress();
    const usdt = await send('USDT', '3.5', cold);
    expect(usdt).toMatchObject({ code: 0 }); // on a failure, the diff shows the CLI's { error }
    expect(usdt.json).toEqual({ transferId: expect.any(String), workflowId: `treasury-send-${usdt.json.transferId}` });
    const trx = await send('TRX', '2', cold);
    expect(trx).toMatchObject({ code: 0 });
    expect(await ctx.db.treasuryTransfer.findUniqueOrThrow({ where: { id: usdt.json.transferId } })).toMatchObject({ asset: tron.usdt, toAddress: cold, requestedBy: 'bob' });
    expect(await ctx.db.treasuryTransfer.findUniqueOrThrow({ where: { id: trx.json.transferId } })).toMatchObject({ asset: 'native', symbol: 'TRX', decimals: 6 });

    for (const { transferId } of [usdt.json, trx.json]) {
      const done = await untilConfirmed(transferId);
      const stored = await ctx.db.outboundTx.findMany({ where: { purpose: `treasury:${transferId}` } });
      expect(stored).toHaveLength(1);
      expect(done).toEqual({ transferId, status: 'CONFIRMED', txHash: stored[0]!.txHash });
      expect(stored[0]).toMatchObject({ chainId: TRON_STANDIN_CHAIN_ID, fromAddress: bankroll() });
      expect(tron.standIn.ledger.info(stored[0]!.txHash)!.receipt.result ?? 'SUCCESS').toBe('SUCCESS');
      expect(await ctx.db.reservation.findUniqueOrThrow({ where: { treasuryTransferId: transferId } })).toMatchObject({ status: 'CONSUMED' });
      const child = await ctx.temporal.client.workflow.getHandle(`treasury-payout-${transferId}`).describe();
      expect(child).toMatchObject({ type: 'payoutWorkflow', status: { name: 'COMPLETED' } });
    }
    expect(tron.standIn.ledger.tokenBalance(tron.usdt, cold)).toBe(3_500_000n);
    expect(tron.standIn.ledger.trxOf(cold)).toBe(2_000_000n);

    const r = await reconcile();
    expect(r.json).toMatchObject({ ok: true, differences: [] });
    expect(r.code).toBe(0);
  });

  it('When the address is not registered, removed, malformed or an EVM one, Then exit 2 with { error } and nothing is written or signed', async () => {
    const removed = await coldAddress();
    expect((await cli('treasury', 'cold', 'remove', '--chain', CHAIN, '--address', removed, '--by', 'carol')).code).toBe(0);
    const before = await rowCounts(ctx.db);
    const stranger = await send('USDT', '1', newTronAddress());
    expect(stranger.code).toBe(2);
    expect(stranger.json.error).toContain('not a registered cold address');
    expect((await send('TRX', '1', removed)).code).toBe(2);
    const broken = removed.slice(0, -1) + (removed.endsWith('A') ? 'B' : 'A');
    expect((await send('USDT', '1', broken)).json.error).toContain('checksum');
    expect((await cli('treasury', 'cold', 'add', '--chain', CHAIN, '--address', broken, '--by', 'alice')).code).toBe(2);
    expect((await send('USDT', '1', Wallet.createRandom().address)).json.error).toContain('TRON');
    expect(await rowCounts(ctx.db)).toEqual(before);
  });

  it('When a send is more than the unreserved balance, Then exit 2 and nothing is written, while the reserved send still goes', async () => {
    const cold = await coldAddress();
    const balance = tron.standIn.ledger.tokenBalance(tron.usdt, bankroll());
    const before = await rowCounts(ctx.db);
    expect((await send('USDT', units(balance + 1n), cold)).code).toBe(2);
    expect((await send('TRX', '1000000', cold)).code).toBe(2);
    expect(await rowCounts(ctx.db)).toEqual(before);

    // Held by a send the worker has not signed yet: the whole balance but 10 USDT is reserved.
    await ctx.stopWorker();
    let first: string;
    try {
      const r = await send('USDT', units(balance - 10_000_000n), cold);
      expect(r.code).toBe(0);
      first = r.json.transferId;
      const held = await rowCounts(ctx.db);
      const refused = await send('USDT', '10.000001', cold);
      expect(refused.code).toBe(2);
      expect(refused.json.error).toContain('unreserved USDT');
      expect(await rowCounts(ctx.db)).toEqual(held);
    } finally {
      await ctx.startWorker();
    }
    await untilConfirmed(first);
    expect(tron.standIn.ledger.tokenBalance(tron.usdt, bankroll())).toBe(10_000_000n);
    expect((await reconcile()).json).toMatchObject({ ok: true, differences: [] });
  });
});

describe('treasury top-ups on TRON (stand-in node)', () => {
  it('When TRX and USDT reach the bankroll from a registered source, Then reconcile records both as top-ups and is ok, and stays ok', async () => {
    const team = teamWallet();
    const added = await cli('treasury', 'source', 'add', '--chain', CHAIN, '--address', team.address, '--by', 'alice');
    expect(added.code).toBe(0);
    const trx = await team.trx(4_000_000n);
    const usdt = await team.usdt(7_000_000n);
    await deepEnough([trx, usdt]);

    const r = await reconcile();
    expect(r.json).toMatchObject({ ok: true, differences: [] });
    expect(r.code).toBe(0);
    const topUps = await ctx.db.treasuryTopUp.findMany({ where: { chainId: TRON_STANDIN_CHAIN_ID }, orderBy: { logIndex: 'asc' } });
    expect(topUps.map((t) => ({ asset: t.asset, txHash: t.txHash, amount: t.amount.toFixed(0), sourceId: t.sourceId, bankroll: t.bankroll }))).toEqual([
      { asset: 'native', txHash: trx, amount: '4000000', sourceId: added.json.id, bankroll: bankroll() },
      { asset: tron.usdt, txHash: usdt, amount: '7000000', sourceId: added.json.id, bankroll: bankroll() },
    ]);
    // Booked from their rows now: a second reconcile neither differs nor records them again.
    expect((await reconcile()).json).toMatchObject({ ok: true, differences: [] });
    expect(await ctx.db.treasuryTopUp.count({ where: { chainId: TRON_STANDIN_CHAIN_ID } })).toBe(2);
  });

  it('When TRX and USDT reach the bankroll from an address that is not a source, Then each is UNBOOKED_TRANSFER_IN and no top-up is recorded', async () => {
    const stranger = teamWallet();
    const trx = await stranger.trx(1_500_000n);
    const usdt = await stranger.usdt(2_000_000n);
    await deepEnough([trx, usdt]);
    const before = await ctx.db.treasuryTopUp.count();

    const r = await reconcile();
    expect(r.code).toBe(1);
    expect(r.json.differences).toEqual(expect.arrayContaining([
      expect.objectContaining({ kind: 'UNBOOKED_TRANSFER_IN', asset: 'native', txHash: trx, from: stranger.address, value: '1500000' }),
      expect.objectContaining({ kind: 'UNBOOKED_TRANSFER_IN', asset: tron.usdt, txHash: usdt, from: stranger.address, value: '2000000' }),
      expect.objectContaining({ kind: 'BALANCE_MISMATCH', symbol: 'TRX', difference: '1500000' }),
      expect.objectContaining({ kind: 'BALANCE_MISMATCH', symbol: 'USDT', difference: '2000000' }),
    ]));
    expect(await ctx.db.treasuryTopUp.count()).toBe(before);
  });
});
