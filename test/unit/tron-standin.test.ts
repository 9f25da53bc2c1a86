import { Wallet } from 'ethers';
import { TronNode } from '../../src/adapters/tron-node';
import { tronFromEvm, tronHex } from '../../src/adapters/tron-address';
import { refBlockOf, signTronTx, trc20TransferTx, trxTransferTx } from '../../src/chain/tron-tx';
import { ACTIVATION_FEE_SUN, ENERGY, TRANSFER_TOPIC } from '../../dev/devchain/tron-standin/ledger';
import { startTronStandIn, type TronStandIn } from '../../dev/devchain/tron-standin/server';

// The stand-in runs in-process on loopback: no network beyond 127.0.0.1.
let standIn: TronStandIn;
let node: TronNode;
const alice = Wallet.createRandom();
const bob = Wallet.createRandom();
const A = tronFromEvm(alice.address);
const B = tronFromEvm(bob.address);
let usdt: string;

beforeAll(async () => {
  standIn = await startTronStandIn();
  node = new TronNode(standIn.url);
  usdt = standIn.ledger.deployToken('USDT', 6);
  standIn.ledger.credit(A, 100_000_000n);
  standIn.ledger.mint(usdt, A, 50_000_000n);
});
afterAll(() => standIn.stop());

const ref = async () => refBlockOf(await node.nowBlock(), 60_000);

describe('the TRON full-node stand-in', () => {
  it('When a signed TRC-20 transfer is broadcast and a block is made, Then balances move, energy is burned as TRX and the Transfer log is in its info', async () => {
    const tx = signTronTx(trc20TransferTx({ from: A, token: usdt, to: B, raw: 7_000_000n, feeLimitSun: 20_000_000n }, await ref()), alice.privateKey);
    expect(await node.broadcast(tx)).toEqual({ ok: true });
    expect(await node.txInfo(tx.txID)).toBeNull();
    const n = standIn.mine();
    const info = (await node.txInfo(tx.txID))!;
    expect(info.blockNumber).toBe(n);
    expect(info.receipt).toMatchObject({ result: 'SUCCESS', energy_usage_total: ENERGY.transferToNew, energy_fee: ENERGY.transferToNew * 420 });
    expect(info.log).toEqual([{ address: tronHex(usdt).slice(2), topics: [TRANSFER_TOPIC, expect.stringMatching(tronHex(A).slice(2) + '$'), expect.stringMatching(tronHex(B).slice(2) + '$')], data: (7_000_000).toString(16).padStart(64, '0') }]);
    expect((await node.blockTxInfos(n)).map((i) => i.id)).toEqual([tx.txID]);
    expect(BigInt('0x' + (await node.constant(tronHex(usdt), '70a08231' + tronHex(B).slice(2).padStart(64, '0'))).result)).toBe(7_000_000n);
    expect(await node.trxBalance(tronHex(A))).toBe(100_000_000n - BigInt(info.fee!));
    expect(await node.trxBalance(tronHex(B))).toBeNull(); // a TRC-20 receipt does not activate an account
  });

  it('When a transaction is signed by another key, tampered, expired, repeated or from an unactivated account, Then the node refuses it and nothing moves', async () => {
    const r = await ref();
    const forged = signTronTx(trc20TransferTx({ from: A, token: usdt, to: B, raw: 1n, feeLimitSun: 20_000_000n }, r), bob.privateKey);
    expect(await node.broadcast(forged)).toMatchObject({ ok: false, code: 'SIGERROR' });
    const good = signTronTx(trxTransferTx({ from: A, to: B, sun: 5_000_000n }, r), alice.privateKey);
    expect(await node.broadcast({ ...good, raw_data_hex: good.raw_data_hex.replace(/.$/, (c) => (c === '0' ? '1' : '0')) })).toMatchObject({ ok: false, code: 'SIGERROR' });
    const expired = signTronTx(trxTransferTx({ from: A, to: B, sun: 1n }, { ...r, expiration: r.timestamp - 1 }), alice.privateKey);
    expect(await node.broadcast(expired)).toMatchObject({ ok: false, code: 'TRANSACTION_EXPIRATION_ERROR' });
    const fromB = signTronTx(trc20TransferTx({ from: B, token: usdt, to: A, raw: 1n, feeLimitSun: 20_000_000n }, r), bob.privateKey);
    expect(await node.broadcast(fromB)).toMatchObject({ ok: false, code: 'CONTRACT_VALIDATE_ERROR', message: expect.stringMatching(/does not exist/) });
    expect(await node.broadcast(good)).toEqual({ ok: true });
    expect(await node.broadcast(good)).toMatchObject({ ok: false, code: 'DUP_TRANSACTION_ERROR' });
    standIn.mine();
    // Activating B burns the account-creation fee on top of the amount.
    expect(await node.trxBalance(tronHex(B))).toBe(5_000_000n);
    expect(BigInt((await node.txInfo(good.txID))!.fee!)).toBeGreaterThanOrEqual(ACTIVATION_FEE_SUN);
  });

  it('When the fee limit is below the energy a transfer needs, Then it is mined as OUT_OF_ENERGY: no tokens move, the fee limit is burned', async () => {
    const tx = signTronTx(trc20TransferTx({ from: A, token: usdt, to: B, raw: 1_000_000n, feeLimitSun: 1_000_000n }, await ref()), alice.privateKey);
    const before = standIn.ledger.tokenBalance(usdt, B);
    expect(await node.broadcast(tx)).toEqual({ ok: true });
    standIn.mine();
    const info = (await node.txInfo(tx.txID))!;
    expect(info).toMatchObject({ result: 'FAILED', receipt: { result: 'OUT_OF_ENERGY', energy_fee: 1_000_000 } });
    expect(info.log).toBeUndefined();
    expect(standIn.ledger.tokenBalance(usdt, B)).toBe(before);
  });

  it('When a feed is read through triggerconstantcontract, Then latestRoundData answers the configured price', async () => {
    const feed = standIn.ledger.deployFeed('TRX/USD', 8, 12_000_000n);
    const { result } = await node.constant(tronHex(feed), 'feaf968c');
    expect(BigInt('0x' + result.slice(64, 128))).toBe(12_000_000n);
  });

  it('When the node is unreachable or answers an error status, Then the client fails without the URL in its message (it may carry an API key)', async () => {
    const unreachable = new TronNode('http://127.0.0.1:1/key-7f3a9c', 2_000);
    await expect(unreachable.headNumber()).rejects.toThrow(/unreachable/);
    await unreachable.headNumber().catch((err: Error) => expect(err.message).not.toContain('key-7f3a9c'));
    standIn.ledger.down = true;
    try {
      await node.headNumber().catch((err: Error) => {
        expect(err.message).toMatch(/HTTP 503/);
        expect(err.message).not.toContain(standIn.url);
      });
      await expect(node.headNumber()).rejects.toThrow();
    } finally {
      standIn.ledger.down = false;
    }
  });
});
