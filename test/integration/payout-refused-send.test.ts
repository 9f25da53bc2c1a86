import { randomUUID } from 'node:crypto';
import { JsonRpcProvider, Wallet } from 'ethers';
import { createPayoutActivities } from '../../src/activities/payouts';
import { localSigners } from '../../src/chain/signer';
import { testToken } from '../../dev/devchain/bindings';
import { PAYOUT_NOT_MINED } from '../../src/domain/failure-types';
import { evmInstanceOf, registerChainInstance } from '../../src/provisioning/chain-instance';
import { createOperator } from '../../src/provisioning/operators';
import { createTestContext, type TestContext } from '../support/harness';

/** confirmPayout against the dev chain, with a bankroll of this file's own so no other test meets its nonces. */
let ctx: TestContext;
let node: JsonRpcProvider;
let bankroll: Wallet;
let payouts: ReturnType<typeof createPayoutActivities>;
let operatorId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const chainId = ctx.services.registry.chainId;
  node = new JsonRpcProvider(ctx.services.chainNodeUrl, chainId, { staticNetwork: true });
  bankroll = Wallet.createRandom().connect(ctx.chains.require(chainId)) as unknown as Wallet;
  await node.send('hardhat_setBalance', [bankroll.address, '0x56BC75E2D63100000']); // 100 ETH
  // The token it pays: a payout of tokens the bankroll lacks would fail its gas estimate and never be signed.
  await (await testToken(ctx.services.registry.tokens[0]!.address, await node.getSigner(0)).mint(bankroll.address, 1_000_000n)).wait();
  await registerChainInstance(ctx.db, chainId, await evmInstanceOf(node), { retire: false });
  operatorId = (await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Refused', webhookUrl: 'http://127.0.0.1:9/hook' })).id;
  payouts = createPayoutActivities({
    config: ctx.config, db: ctx.db, chains: ctx.chains, logger: ctx.logger,
    signers: localSigners({ ...ctx.keys, BANKROLL_PRIVATE_KEY: bankroll.privateKey }),
    workflows: { dispatchWebhook: async () => 'started' },
  });
});
afterAll(async () => {
  node.destroy();
  await ctx.close();
});

it('When a signed payout is refused because its nonce went to another transaction, Then confirmPayout fails it as never minable instead of resending it forever', async () => {
  const id = randomUUID();
  await ctx.db.withdrawal.create({
    data: {
      id, operatorId, mode: 'B', status: 'PROCESSING', sessionRef: `refused-${id}`, externalUserId: 'u', address: Wallet.createRandom().address,
      chainId: ctx.services.registry.chainId, tokenAddress: ctx.services.registry.tokens[0]!.address, symbol: 'USDT', decimals: 6,
      fiatAmount: '1.00', fiatCurrency: 'USD', cryptoAmountSent: '1', cryptoAmountRaw: '1000000', amountInUsd: '1',
    },
  });
  await payouts.signPayout(id);
  const stored = await ctx.db.outboundTx.findFirstOrThrow({ where: { purpose: `payout:${id}` } });
  expect(stored.status).toBe('SIGNED');
  // The bankroll's key used at the same nonce by something else (an operator's manual transfer), and mined.
  await (await bankroll.sendTransaction({ to: bankroll.address, value: 0n, nonce: stored.nonce! })).wait();

  await expect(payouts.confirmPayout(id)).rejects.toMatchObject({ type: PAYOUT_NOT_MINED, nonRetryable: true });
  expect((await ctx.db.outboundTx.findUniqueOrThrow({ where: { id: stored.id } })).status).toBe('DROPPED');
});
