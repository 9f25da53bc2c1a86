import { randomUUID } from 'node:crypto';
import { JsonRpcProvider, parseUnits, Transaction, Wallet } from 'ethers';
import { ERC20 } from '../../src/chain/erc20';
import type { FeePolicy } from '../../src/chain/fee-policy';
import { broadcastInNonceOrder } from '../../src/chain/broadcast-order';
import { broadcastStored, settleOutbound } from '../../src/chain/outbound';
import { GAP_REPAIR_AFTER_MS, senderState, signOnce, signWithSenderState, type SignRequest } from '../../src/chain/signing';
import { evmInstanceOf, genesisHashOf, registerChainInstance } from '../../src/provisioning/chain-instance';
import { proxyRpcCalls } from '../../dev/devchain/rpc-proxy';
import { createTestContext, type TestContext } from '../support/harness';
import { eventually } from '../support/wait';

let ctx: TestContext;
let node: JsonRpcProvider;
let chainId: number;
let provider: JsonRpcProvider;
const policy: FeePolicy = { ceilingWei: parseUnits('500', 'gwei'), stuckAfterMs: 3_600_000 };
const gwei = (n: number) => parseUnits(String(n), 'gwei');

beforeAll(async () => {
  // These tests move the chain's base fee and settle at once: each read of the latest block asks the node (its sharing
  // across a payout's steps is counted by bench/rpc-calls.ts).
  ctx = await createTestContext({ env: { CHAIN_HEAD_SHARE_MS: '0' } });
  chainId = ctx.services.registry.chainId;
  provider = ctx.chains.require(chainId);
  node = new JsonRpcProvider(ctx.services.chainNodeUrl, chainId, { staticNetwork: true });
  await registerChainInstance(ctx.db, chainId, await evmInstanceOf(provider), { retire: false });
});
afterAll(async () => {
  await node.send('evm_setAutomine', [true]);
  node.destroy();
  await ctx.close();
});

/** A sender of its own, so these nonces never meet the bankroll's or another test's. */
async function fundedWallet(): Promise<Wallet> {
  const w = Wallet.createRandom().connect(provider) as unknown as Wallet;
  await node.send('hardhat_setBalance', [w.address, '0x56BC75E2D63100000']); // 100 ETH
  return w;
}

let seq = 0;
const transfer = (signer: Wallet, over: Partial<SignRequest> = {}): SignRequest => ({
  chainId, purpose: `test:${Date.now()}:${seq++}`, signer, to: Wallet.createRandom().address, value: 1n, gasLimit: 21_000n, ...over,
});
const receipt = (hash: string) => provider.getTransactionReceipt(hash);
/** Mines one block whose base fee is `baseFee` (hardhat sets only the next block's). */
async function mineAtBaseFee(baseFee: bigint): Promise<void> {
  await node.send('hardhat_setNextBlockBaseFeePerGas', [`0x${baseFee.toString(16)}`]);
  await node.send('evm_mine', []);
}

describe('nonces reconcile with the chain', () => {
  it('When a signed transaction was never broadcast, Then the next one still gets mined: the allocator sends the stored one first', async () => {
    const w = await fundedWallet();
    const first = await signOnce(ctx.db, provider, transfer(w), policy); // stored, never broadcast (a crash, say)
    // Signed long enough ago that its own workflow would have sent it by now.
    await ctx.db.outboundTx.update({ where: { id: first.id }, data: { createdAt: new Date(Date.now() - GAP_REPAIR_AFTER_MS - 1000) } });
    const second = await signOnce(ctx.db, provider, transfer(w), policy);
    expect(second.nonce).toBe(first.nonce + 1);
    expect(await provider.getTransaction(first.txHash)).not.toBeNull();
    await broadcastStored(ctx.db, provider, second);
    const [a, b] = await eventually(async () => {
      const both = await Promise.all([receipt(first.txHash), receipt(second.txHash)]);
      return both.every(Boolean) ? both : null;
    }, 10_000, 'both mined');
    expect([a!.status, b!.status]).toEqual([1, 1]);
  });

  it('When twelve transfers of one sender are signed at once, Then their nonces are twelve consecutive ones and every one is mined', async () => {
    const w = await fundedWallet();
    const signed = await Promise.all(Array.from({ length: 12 }, () => signOnce(ctx.db, provider, transfer(w), policy)));
    const nonces = signed.map((t) => t.nonce).sort((a, b) => a - b);
    expect(nonces).toEqual(Array.from({ length: 12 }, (_, i) => nonces[0]! + i));
    // Freshly signed, each is its own workflow's to send: no signer sent the others meanwhile.
    expect(await Promise.all(signed.map((t) => provider.getTransaction(t.txHash)))).toEqual(signed.map(() => null));
    // In nonce order: the dev node mines each at once and takes no gapped nonce.
    for (const t of [...signed].sort((a, b) => a.nonce - b.nonce)) await broadcastStored(ctx.db, provider, t);
    await eventually(async () => ((await Promise.all(signed.map((t) => receipt(t.txHash)))).every((r) => r?.status === 1) ? true : null), 20_000, 'all mined');
  });

  it('When one transfer is signed by several callers at once, Then one transaction is stored, every caller gets it, and the next transfer takes the next nonce', async () => {
    const w = await fundedWallet();
    const req = transfer(w);
    const signed = await Promise.all(Array.from({ length: 6 }, () => signOnce(ctx.db, provider, req, policy)));
    expect(new Set(signed.map((t) => t.id)).size).toBe(1);
    expect(await ctx.db.outboundTx.count({ where: { purpose: req.purpose } })).toBe(1);
    expect(await ctx.db.outboundTxCandidate.count({ where: { outboundTxId: signed[0]!.id } })).toBe(1);
    const next = await signOnce(ctx.db, provider, transfer(w), policy);
    expect(next.nonce).toBe(signed[0]!.nonce + 1);
  });

  it('When the node was read before another transfer of the sender was signed, mined and confirmed, Then the signer still takes the nonce after it, never the same one', async () => {
    const w = await fundedWallet();
    const early = await senderState(ctx.db, provider, chainId, w.address); // read, then the lock is slow to come
    const other = await signOnce(ctx.db, provider, transfer(w), policy);
    await broadcastStored(ctx.db, provider, other);
    await eventually(async () => ((await settleOutbound(ctx.db, provider, other.purpose, w, 1, policy)).state === 'CONFIRMED' ? true : null), 10_000, 'confirmed');
    expect(other.nonce).toBe(early.pending);
    const [late] = await signWithSenderState(ctx.db, [transfer(w)], policy, early);
    expect(late!.nonce).toBe(other.nonce + 1);
    await broadcastStored(ctx.db, provider, late!);
    await eventually(async () => ((await receipt(late!.txHash))?.status === 1 ? true : null), 10_000, 'mined');
  });

  it('When a section signs several transfers and one of them a racing signer stored first, Then that one keeps its row and the others take the next nonces, without a gap', async () => {
    const w = await fundedWallet();
    const state = await senderState(ctx.db, provider, chainId, w.address);
    const raced = transfer(w);
    const first = await signOnce(ctx.db, provider, raced, policy);
    const rest = [transfer(w), transfer(w)];
    const signed = await signWithSenderState(ctx.db, [rest[0]!, raced, rest[1]!], policy, state);
    expect(signed.find((t) => t.purpose === raced.purpose)).toMatchObject({ id: first.id, nonce: first.nonce, txHash: first.txHash });
    expect(rest.map((r) => signed.find((t) => t.purpose === r.purpose)!.nonce)).toEqual([first.nonce + 1, first.nonce + 2]);
    expect(await ctx.db.outboundTx.count({ where: { fromAddress: w.address } })).toBe(3);
  });

  it('When a burst of one sender is sent in any order, Then each goes out once, in nonce order, though the node refuses a nonce after a gap', async () => {
    const w = await fundedWallet();
    const signed = await Promise.all(Array.from({ length: 6 }, () => signOnce(ctx.db, provider, transfer(w), policy)));
    const byNonce = [...signed].sort((a, b) => a.nonce - b.nonce);
    // The automining dev node takes no gapped nonce: sent alone, the last is refused.
    await expect(broadcastStored(ctx.db, provider, byNonce.at(-1)!)).rejects.toThrow(/Nonce too high/);
    // Asked for the fourth only, the three before it go out with it; then the rest, highest first, at once.
    await broadcastInNonceOrder(ctx.db, provider, byNonce[3]!);
    expect(await Promise.all(byNonce.slice(0, 4).map((t) => provider.getTransaction(t.txHash).then(Boolean)))).toEqual([true, true, true, true]);
    await Promise.all([...byNonce].reverse().map((t) => broadcastInNonceOrder(ctx.db, provider, t)));
    await eventually(async () => ((await Promise.all(signed.map((t) => receipt(t.txHash)))).every((r) => r?.status === 1) ? true : null), 10_000, 'all mined');
    const rows = await ctx.db.outboundTx.findMany({ where: { fromAddress: w.address } });
    expect(rows.map((r) => r.status)).toEqual(signed.map(() => 'BROADCAST'));
  });

  it('When the node took a transaction but its row was never marked (a gap repair, a crash after the send), Then sending it in order marks it BROADCAST', async () => {
    const w = await fundedWallet();
    const [a, b] = await Promise.all([signOnce(ctx.db, provider, transfer(w), policy), signOnce(ctx.db, provider, transfer(w), policy)]);
    const [first, second] = [a, b].sort((x, y) => x.nonce - y.nonce);
    // Sent outside broadcastInNonceOrder, as the signer's gap repair does: the node has both, the rows say SIGNED.
    await provider.broadcastTransaction(first!.rawTx);
    await provider.broadcastTransaction(second!.rawTx);
    await Promise.all([broadcastInNonceOrder(ctx.db, provider, first!), broadcastInNonceOrder(ctx.db, provider, second!)]);
    const rows = await ctx.db.outboundTx.findMany({ where: { fromAddress: w.address } });
    expect(rows.map((r) => r.status)).toEqual(['BROADCAST', 'BROADCAST']);
  });

  it('When the chain is a new instance (a dev chain started anew), Then the old instance is retired and nonces start from the chain again', async () => {
    const w = await fundedWallet();
    const genesis = await genesisHashOf(provider);
    // What an earlier run left behind: the same sender at nonce 22 on a chain that no longer exists.
    await ctx.db.chain.update({ where: { chainId }, data: { genesisHash: '0xold' } });
    const old = await ctx.db.outboundTx.create({
      data: { chainId, genesisHash: '0xold', fromAddress: w.address, nonce: 22, purpose: `old:${w.address}`, rawTx: '0x', txHash: `0xold${w.address}`, status: 'BROADCAST' },
    });
    // Its unclaimed dust and an unfinished aggregate dust sweep: neither may be acted on against the new instance.
    const dust = await ctx.db.deposit.create({
      data: {
        chainId, txHash: `0xolddust${w.address}`, logIndex: 0, blockNumber: 5, blockHash: '0xold', operatorId: randomUUID(), externalUserId: 'u',
        depositAddress: w.address, tokenAddress: null, symbol: 'ETH', decimals: 18, grossAmount: 1, status: 'DUST',
      },
    });
    const dustSweep = await ctx.db.dustSweep.create({ data: { chainId, depositAddress: w.address, tokenAddress: null, decimals: 18, amount: 5 } });
    await expect(registerChainInstance(ctx.db, chainId, { genesisHash: genesis }, { retire: false })).rejects.toThrow(/another chain instance/);
    expect(await registerChainInstance(ctx.db, chainId, { genesisHash: genesis }, { retire: true })).toMatchObject({ change: 'RETIRED', retiredTransactions: 1 });
    expect((await ctx.db.outboundTx.findUniqueOrThrow({ where: { id: old.id } })).status).toBe('RETIRED');
    expect(await ctx.db.deposit.findUniqueOrThrow({ where: { id: dust.id } })).toMatchObject({ status: 'DUST', droppedReason: 'CHAIN_RESET' });
    expect((await ctx.db.dustSweep.findUniqueOrThrow({ where: { id: dustSweep.id } })).status).toBe('FAILED');

    const fresh = await signOnce(ctx.db, provider, transfer(w), policy);
    expect(fresh.nonce).toBe(0);
    await broadcastStored(ctx.db, provider, fresh);
    expect((await eventually(() => receipt(fresh.txHash), 10_000, 'mined'))!.status).toBe(1);
    expect(await settleOutbound(ctx.db, provider, old.purpose, w, 1, policy)).toEqual({ state: 'RETIRED', txHash: old.txHash });
  });
});

describe('confirmation depth', () => {
  /** eth_blockNumber calls the chain's RPC proxy forwarded while `work` ran (no worker runs in this file). */
  async function headCalls(work: () => Promise<unknown>): Promise<number> {
    const count = async () => (await proxyRpcCalls(ctx.services.chainRpcUrl)).calls['eth_blockNumber'] ?? 0;
    const before = await count();
    await work();
    return (await count()) - before;
  }

  it('When the scanner has read deep enough past a mined transfer, Then its confirmations are counted from the scanner without asking the node the head; when it has not, the node is asked', async () => {
    const w = await fundedWallet();
    const stored = await signOnce(ctx.db, provider, transfer(w), policy);
    await broadcastStored(ctx.db, provider, stored);
    const mined = (await eventually(() => receipt(stored.txHash), 10_000, 'mined'))!;
    await node.send('evm_mine', []);
    // The scanner has read only the block that holds it: one confirmation of two, so the node's head is asked.
    await ctx.db.chainCursor.update({ where: { chainId }, data: { nextBlock: mined.blockNumber + 1 } });
    let settled: Awaited<ReturnType<typeof settleOutbound>> | undefined;
    expect(await headCalls(async () => (settled = await settleOutbound(ctx.db, provider, stored.purpose, w, 2, policy)))).toBe(1);
    expect(settled).toMatchObject({ state: 'CONFIRMED', confirmations: 2 });

    const next = await signOnce(ctx.db, provider, transfer(w), policy);
    await broadcastStored(ctx.db, provider, next);
    const nextMined = (await eventually(() => receipt(next.txHash), 10_000, 'mined'))!;
    await node.send('evm_mine', []);
    // The scanner has read the block after it too: two confirmations without a head read.
    await ctx.db.chainCursor.update({ where: { chainId }, data: { nextBlock: nextMined.blockNumber + 2 } });
    expect(await headCalls(async () => (settled = await settleOutbound(ctx.db, provider, next.purpose, w, 2, policy)))).toBe(0);
    expect(settled).toMatchObject({ state: 'CONFIRMED', confirmations: 2, blockNumber: nextMined.blockNumber });
  });
});

describe('settlement by nonce', () => {
  afterEach(() => node.send('evm_setAutomine', [true]));

  /** A transfer of a fresh sender, signed and sent with automine off: it waits in the node's pool until the test mines. */
  async function sentUnmined(p: FeePolicy = policy) {
    const w = await fundedWallet();
    await node.send('evm_setAutomine', [false]);
    const req = transfer(w);
    const stored = await signOnce(ctx.db, provider, req, p);
    await broadcastStored(ctx.db, provider, stored);
    return { w, req, stored };
  }

  it('When the base fee rises past a signed transaction, Then the same transfer is re-signed at the same nonce with higher fees, and the mined candidate is the one', async () => {
    const { w, req, stored } = await sentUnmined();
    await mineAtBaseFee(gwei(60)); // the signed maxFeePerGas (a few gwei) can no longer be included
    expect(await receipt(stored.txHash)).toBeNull();

    const bumped = await settleOutbound(ctx.db, provider, req.purpose, w, 1, policy);
    expect(bumped.state).toBe('PENDING');
    expect(bumped.txHash).not.toBe(stored.txHash);
    const replacement = Transaction.from((await ctx.db.outboundTx.findUniqueOrThrow({ where: { id: stored.id } })).rawTx);
    const original = Transaction.from(stored.rawTx);
    expect({ nonce: replacement.nonce, to: replacement.to, value: replacement.value, data: replacement.data }).toEqual({ nonce: original.nonce, to: original.to, value: original.value, data: original.data });
    expect(replacement.maxFeePerGas! > gwei(60)).toBe(true);

    await mineAtBaseFee(gwei(60));
    const done = await settleOutbound(ctx.db, provider, req.purpose, w, 1, policy);
    expect(done).toMatchObject({ state: 'CONFIRMED', txHash: bumped.txHash });
    expect(await receipt(stored.txHash)).toBeNull();
    const row = await ctx.db.outboundTx.findUniqueOrThrow({ where: { id: stored.id }, include: { candidates: true } });
    expect(row).toMatchObject({ status: 'CONFIRMED', txHash: bumped.txHash });
    expect(row.candidates.map((c) => c.txHash).sort()).toEqual([stored.txHash, bumped.txHash].sort());
  });

  it('When no bump fits under the fee ceiling, Then nothing is signed above it and the transaction is marked stuck', async () => {
    const low: FeePolicy = { ceilingWei: gwei(3), stuckAfterMs: 0 };
    const { w, req, stored } = await sentUnmined(low);
    await mineAtBaseFee(gwei(60));
    const s = await settleOutbound(ctx.db, provider, req.purpose, w, 1, { ...low, ceilingWei: Transaction.from(stored.rawTx).maxFeePerGas! });
    expect(s).toMatchObject({ state: 'PENDING', txHash: stored.txHash, stuck: true });
    const row = await ctx.db.outboundTx.findUniqueOrThrow({ where: { id: stored.id }, include: { candidates: true } });
    expect(row.candidates).toHaveLength(1);
    expect(row.stuckAt).not.toBeNull();
    // Unstick: the base fee falls back, the stored bytes are mined as they are.
    await mineAtBaseFee(gwei(1));
    expect(await eventually(() => receipt(stored.txHash), 10_000, 'mined')).not.toBeNull();
  });

  it('When an unmined transaction was sent moments ago, Then a poll does not send it again; once it has waited GAP_REPAIR_AFTER_MS, a poll re-sends it (the node may have lost it)', async () => {
    const { w, req, stored } = await sentUnmined();
    // The node loses it (a restart, an evicted pool entry): only a re-send brings it back.
    await node.send('hardhat_dropTransaction', [stored.txHash]);
    expect(await settleOutbound(ctx.db, provider, req.purpose, w, 1, policy)).toMatchObject({ state: 'PENDING', txHash: stored.txHash });
    expect(await provider.getTransaction(stored.txHash)).toBeNull();

    await ctx.db.outboundTxCandidate.updateMany({ where: { outboundTxId: stored.id }, data: { createdAt: new Date(Date.now() - GAP_REPAIR_AFTER_MS - 1000) } });
    expect(await settleOutbound(ctx.db, provider, req.purpose, w, 1, policy)).toMatchObject({ state: 'PENDING', txHash: stored.txHash });
    expect(await provider.getTransaction(stored.txHash)).not.toBeNull();
    await node.send('evm_mine', []);
    expect(await settleOutbound(ctx.db, provider, req.purpose, w, 1, policy)).toMatchObject({ state: 'CONFIRMED', txHash: stored.txHash });
  });

  it('When a transaction reverts, Then it is final only at the required confirmations', async () => {
    const w = await fundedWallet();
    // A token transfer from a sender holding none of it reverts on chain.
    const token = ctx.services.registry.tokens[0]!.address;
    const req = transfer(w, { to: token, value: 0n, gasLimit: 100_000n, data: ERC20.encodeFunctionData('transfer', [w.address, 1n]) });
    await broadcastStored(ctx.db, provider, await signOnce(ctx.db, provider, req, policy));
    const first = await eventually(async () => {
      const s = await settleOutbound(ctx.db, provider, req.purpose, w, 3, policy);
      return s.state === 'PENDING' && s.confirmations === 1 ? s : null;
    }, 10_000, 'mined');
    expect(first.state).toBe('PENDING');
    await node.send('hardhat_mine', ['0x2']);
    expect(await settleOutbound(ctx.db, provider, req.purpose, w, 3, policy)).toMatchObject({ state: 'REVERTED', confirmations: 3 });
  });

  it('When the nonce is taken by a transaction that is none of its candidates, Then DROPPED: it can never be mined', async () => {
    const w = await fundedWallet();
    const req = transfer(w);
    const stored = await signOnce(ctx.db, provider, req, policy); // never broadcast
    const other = await w.sendTransaction({ to: w.address, value: 0n, nonce: stored.nonce });
    await other.wait();
    expect(await settleOutbound(ctx.db, provider, req.purpose, w, 1, policy)).toEqual({ state: 'DROPPED', txHash: stored.txHash });
    expect((await ctx.db.outboundTx.findUniqueOrThrow({ where: { id: stored.id } })).status).toBe('DROPPED');
  });
});
