import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { ContractFactory, JsonRpcProvider, parseUnits, Wallet } from 'ethers';
import { createPayoutActivities } from '../../src/activities/payouts';
import { ChainProviders } from '../../src/adapters/chains';
import { localSigners, type TxSigner } from '../../src/chain/signer';
import { testToken } from '../../dev/devchain/bindings';
import { compileContracts } from '../../dev/devchain/contracts';
import { startDevNode } from '../../dev/devchain/node';
import { createOperator } from '../../src/provisioning/operators';
import type { FeePolicy } from '../../src/chain/fee-policy';
import { transferGas } from '../../src/chain/gas';
import { broadcastStored, settleOutbound } from '../../src/chain/outbound';
import { signOnce } from '../../src/chain/signing';
import { freePort } from '../../src/adapters/free-port';
import { evmInstanceOf, genesisHashOf, registerChainInstance } from '../../src/provisioning/chain-instance';
import { createTestContext, type TestContext } from '../support/harness';
import { eventually } from '../support/wait';

// A geth dev chain restarted from an empty data directory: the same (deterministic) genesis, another chain after it.
const GETH_CHAIN_ID = 1337;
const policy: FeePolicy = { ceilingWei: parseUnits('500', 'gwei'), stuckAfterMs: 3_600_000 };

let ctx: TestContext;
const dirs: string[] = [];

/** geth --dev on an empty data directory (blocks every second), answering on a free port; the launcher's own start. */
async function startGeth(): Promise<{ provider: JsonRpcProvider; url: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'geth-reset-'));
  dirs.push(dir);
  const node = await startDevNode({ client: 'geth', chainId: GETH_CHAIN_ID, port: await freePort(), dataDir: dir, blockIntervalMs: 1000 });
  const provider = new JsonRpcProvider(node.url, GETH_CHAIN_ID, { staticNetwork: true, cacheTimeout: -1, pollingInterval: 100 });
  await eventually(async () => (await provider.getBlockNumber().catch(() => -1)) >= 2, 30_000, 'geth up with two blocks');
  return {
    provider,
    url: node.url,
    async stop() {
      provider.destroy();
      await node.stop();
    },
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.chain.upsert({
    where: { chainId: GETH_CHAIN_ID },
    create: { chainId: GETH_CHAIN_ID, name: 'geth dev', nativeSymbol: 'ETH', depositConfirmations: 1, withdrawConfirmations: 1, isDev: true },
    update: { genesisHash: null, checkpointBlock: null, checkpointHash: null },
  });
});
afterAll(async () => {
  await ctx.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Funds `to` from geth's unlocked dev account. */
async function fund(provider: JsonRpcProvider, to: string): Promise<void> {
  await (await (await provider.getSigner()).sendTransaction({ to, value: parseUnits('10', 18) })).wait();
}

let seq = 0;
/** Signs a transfer of 1 wei with its estimated gas (signOnce), sends it and settles it to CONFIRMED. */
async function payOnce(provider: JsonRpcProvider, sender: TxSigner) {
  const to = Wallet.createRandom().address;
  const gas = await transferGas(provider, { from: sender.address, to, value: 1n }, 1_000_000n);
  if (!gas.ok) throw new Error(gas.reason);
  const purpose = `reset-test:${seq++}`;
  const row = await signOnce(ctx.db, provider, { chainId: GETH_CHAIN_ID, purpose, signer: sender, to, value: 1n, gasLimit: gas.gasLimit }, policy);
  await broadcastStored(ctx.db, provider, row);
  await eventually(async () => (await settleOutbound(ctx.db, provider, purpose, sender, 1, policy)).state === 'CONFIRMED', 30_000, `${purpose} confirmed`);
  return row;
}

/** A token payout of `amount` from `bankroll` through signPayout and confirmPayout (a Mode B withdrawal row), on a token deployed here. */
async function payOut(url: string, provider: JsonRpcProvider, bankroll: { address: string; privateKey: string }, amount: string) {
  const { TestToken } = compileContracts();
  const deployer = await provider.getSigner();
  const deployed = await new ContractFactory(TestToken.abi, TestToken.bytecode, deployer).deploy('Reset Dollar', 'RUSD', 6);
  await deployed.waitForDeployment();
  const token = await deployed.getAddress();
  await (await testToken(token, deployer).mint(bankroll.address, 1_000_000_000n)).wait();
  await ctx.db.token.upsert({
    where: { chainId_address: { chainId: GETH_CHAIN_ID, address: token } },
    create: { chainId: GETH_CHAIN_ID, address: token, symbol: 'RUSD', displaySymbol: 'RUSD', name: 'Reset Dollar', decimals: 6 },
    update: {},
  });
  const operatorId = (await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: `Reset ${seq++}`, webhookUrl: 'http://127.0.0.1:9/hook' })).id;
  const id = randomUUID();
  const to = Wallet.createRandom().address;
  const raw = parseUnits(amount, 6);
  await ctx.db.withdrawal.create({
    data: {
      id, operatorId, mode: 'B', status: 'COMPLETED', sessionRef: `reset-${id}`, externalUserId: 'u', address: to, chainId: GETH_CHAIN_ID, tokenAddress: token,
      symbol: 'RUSD', decimals: 6, fiatAmount: amount, fiatCurrency: 'USD', cryptoAmountSent: amount, cryptoAmountRaw: raw.toString(), amountInUsd: amount,
    },
  });
  const chains = new ChainProviders({ [GETH_CHAIN_ID]: [url] });
  try {
    const payouts = createPayoutActivities({
      config: ctx.config, db: ctx.db, chains, logger: ctx.logger,
      signers: localSigners({ ...ctx.keys, BANKROLL_PRIVATE_KEY: bankroll.privateKey }),
      workflows: { dispatchWebhook: async () => 'started' },
    });
    await payouts.signPayout(id);
    // Each call is one poll (it throws while the payout waits for its confirmations).
    await eventually(async () => payouts.confirmPayout(id).then(() => true, () => false), 60_000, 'payout confirmed');
  } finally {
    chains.destroy();
  }
  const stored = await ctx.db.outboundTx.findUniqueOrThrow({ where: { purpose: `payout:${id}` } });
  return { ...stored, token, to };
}

describe('a chain reset to the same genesis', () => {
  it('When geth restarts from an empty data directory, Then the launcher sees a new instance (same genesis, another checkpoint block), retires the old one, and the next payout signs at the chain\'s nonce and confirms', async () => {
    const sender = Wallet.createRandom();
    const first = await startGeth();
    const genesis = await genesisHashOf(first.provider);
    expect(await registerChainInstance(ctx.db, GETH_CHAIN_ID, await evmInstanceOf(first.provider), { retire: false })).toEqual({ change: 'FIRST' });
    await fund(first.provider, sender.address);
    const before = [await payOnce(first.provider, sender), await payOnce(first.provider, sender), await payOnce(first.provider, sender)];
    expect(before.map((r) => r.nonce)).toEqual([0, 1, 2]);
    // The worker's start on the same chain: the same instance.
    expect(await registerChainInstance(ctx.db, GETH_CHAIN_ID, await evmInstanceOf(first.provider), { retire: false })).toEqual({ change: 'SAME' });
    await first.stop();

    const second = await startGeth();
    try {
      expect(await genesisHashOf(second.provider)).toBe(genesis);
      // A service process refuses it; the launcher (retire) retires the old instance.
      await expect(registerChainInstance(ctx.db, GETH_CHAIN_ID, await evmInstanceOf(second.provider), { retire: false })).rejects.toThrow(/reset/);
      expect(await registerChainInstance(ctx.db, GETH_CHAIN_ID, await evmInstanceOf(second.provider), { retire: true })).toMatchObject({ change: 'RETIRED' });
      const old = await ctx.db.outboundTx.findMany({ where: { id: { in: before.map((r) => r.id) } } });
      expect(old.map((r) => r.status)).toEqual(['CONFIRMED', 'CONFIRMED', 'CONFIRMED']);
      expect(old.every((r) => r.genesisHash !== genesis)).toBe(true);

      // The next payout, through the payout activities, from the same bankroll key: signed at the new chain's nonce.
      await fund(second.provider, sender.address);
      const paid = await payOut(second.url, second.provider, sender, '2.5');
      expect(paid.nonce).toBe(0);
      expect(paid.status).toBe('CONFIRMED');
      expect(await testToken(paid.token, second.provider).balanceOf(paid.to)).toBe(2_500_000n);
      expect(await second.provider.send('txpool_status', [])).toEqual({ pending: '0x0', queued: '0x0' });
    } finally {
      await second.stop();
    }
  });

  it('When stored nonces run ahead of the node (rows it never saw, the reset not recorded), Then signing is refused instead of queueing behind a gap', async () => {
    const sender = Wallet.createRandom();
    const node = await startGeth();
    try {
      await registerChainInstance(ctx.db, GETH_CHAIN_ID, await evmInstanceOf(node.provider), { retire: true });
      const { genesisHash } = await ctx.db.chain.findUniqueOrThrow({ where: { chainId: GETH_CHAIN_ID } });
      // What an unnoticed reset leaves: this sender's transfers at nonces 0..4, confirmed long ago, on "this" instance.
      const longAgo = new Date(Date.now() - 3_600_000);
      for (let nonce = 0; nonce < 5; nonce++) {
        await ctx.db.outboundTx.create({
          data: { chainId: GETH_CHAIN_ID, genesisHash: genesisHash!, fromAddress: sender.address, nonce, purpose: `unseen:${sender.address}:${nonce}`, rawTx: '0x', txHash: `0xunseen${nonce}${sender.address}`, status: 'CONFIRMED', createdAt: longAgo, updatedAt: longAgo },
        });
      }
      await fund(node.provider, sender.address);
      await expect(payOnce(node.provider, sender)).rejects.toThrow(/run ahead of the node/);
      expect(await ctx.db.outboundTx.count({ where: { fromAddress: sender.address, status: 'SIGNED' } })).toBe(0);
    } finally {
      await node.stop();
    }
  });
});
