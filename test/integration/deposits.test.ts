import { Context } from '@temporalio/activity';
import Decimal from 'decimal.js';
import { Contract, Interface, JsonRpcProvider, Wallet, parseUnits, toQuantity, type TransactionReceipt } from 'ethers';
import { feeWalletAddress } from '../../src/adapters/hd-wallet';
import { ensureDepositAddress } from '../../src/store/deposit-addresses';
import { fund, mine, setPrice } from '../../dev/devchain/dev-commands';
import { depositWorkflowId } from '../../src/domain/keys';
import { WEBHOOK_FIELDS } from '../../src/domain/webhook-events';
import { createOperator } from '../../src/provisioning/operators';
import { createTestContext, type TestContext } from '../support/harness';
import { http } from '../support/http';
import { activityAttempts, scheduledActivities } from '../support/payout-runs';
import { delay, eventually } from '../support/wait';
import { WebhookReceiver, type Received } from '../support/webhook-receiver';

const ERC20_ABI = [
  'function balanceOf(address) view returns (uint256)',
  'function batchTransfer(address[] to, uint256[] amounts)',
  'function mint(address to, uint256 amount)',
  'function transfer(address to, uint256 amount) returns (bool)',
];
const FEED_ABI = ['function latestRoundData() view returns (uint80, int256, uint256, uint256, uint80)'];

let ctx: TestContext;
let receiver: WebhookReceiver;
let provider: JsonRpcProvider;
let eur: { id: string; apiKey: string };
let usd: { id: string; apiKey: string };
let nodeUrl: string;
let userSeq = 0;

beforeAll(async () => {
  ctx = await createTestContext({
    worker: true,
    env: { WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1,1,1', PRICE_RETRY_SECONDS: '1' },
  });
  nodeUrl = ctx.services.chainNodeUrl;
  provider = new JsonRpcProvider(nodeUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
  receiver = await new WebhookReceiver().start();
  eur = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Euro Games', webhookUrl: receiver.url, platformFiatDefault: 'EUR' });
  await ctx.db.operator.update({ where: { id: eur.id }, data: { depositFeeBps: 150 } });
  usd = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Dollar Games', webhookUrl: receiver.url });
});
afterAll(async () => {
  provider.destroy();
  await receiver.stop();
  await ctx.close();
});

const token = (symbol: string) => ctx.services.registry.tokens.find((t) => t.symbol === symbol)!;
const form = (r: Received) => Object.fromEntries(new URLSearchParams(r.body));
const depositsFor = (user: string) => receiver.received.filter((r) => form(r).event === 'DEPOSIT' && form(r).externalUserId === user);
const balanceOf = (tokenAddress: string, owner: string): Promise<bigint> => new Contract(tokenAddress, ERC20_ABI, provider).getFunction('balanceOf')(owner);

async function feedPrice(feed: string): Promise<Decimal> {
  const [, answer] = await new Contract(feed, FEED_ABI, provider).getFunction('latestRoundData')();
  return new Decimal(answer.toString()).div(1e8);
}

async function newUser(operatorId: string): Promise<{ user: string; address: string }> {
  userSeq += 1;
  const user = `player-${userSeq}`;
  const { address } = await ensureDepositAddress(ctx.db, ctx.config.DEPOSIT_XPUB, operatorId, user);
  return { user, address };
}

/** Mines the confirmations the dev chain asks for and waits for the user's DEPOSIT webhooks. */
/**
 * Mines the confirmations and waits for the DEPOSITs. Two minutes: this file restarts its worker often, and a restarted
 * worker first replays its scanner's and relays' histories; at a CI run's peak on a two-core host that took 9-33 s,
 * and a DEPOSIT after it still missed one minute twice.
 */
async function confirmAndWait(user: string, count = 1): Promise<Record<string, string>[]> {
  await mine({ nodeUrl, blocks: 3 });
  return eventually(async () => (depositsFor(user).length >= count ? depositsFor(user).map(form) : null), 120_000, `DEPOSIT for ${user}`);
}

describe('deposits on the dev chain', () => {
  it('When a user with an open session sends 6-decimal USDC, Then exactly one DEPOSIT with every field right, and the bankroll grows by amount', async () => {
    const { user, address } = await newUser(eur.id);
    const session = await http(ctx.apiUrl, 'POST', '/session/deposit', {
      token: eur.apiKey,
      json: { externalUserId: user, lang: 'en', platformFiatCurrency: 'EUR', userBalance: '0', amount: '11.50' },
    });
    expect(session.status).toBe(201);
    const usdc = token('USDC');
    const bankroll = ctx.config.BANKROLL_ADDRESS;
    const before = await balanceOf(usdc.address, bankroll);
    const feesBefore = await balanceOf(usdc.address, feeWalletAddress(ctx.keys.HD_MNEMONIC));
    const price = await feedPrice(usdc.priceFeed);
    const { txHash } = await fund({ nodeUrl, registry: ctx.services.registry, address, token: 'USDC', amount: '12.5' });
    // Seen and waiting for its confirmations for a while (polls every 200 ms here) before they are mined.
    const seen = await eventually(() => ctx.db.deposit.findFirst({ where: { txHash } }), 30_000, 'deposit detected');
    await delay(1500);

    const [d] = await confirmAndWait(user);
    expect(Object.keys(d!)).toEqual(WEBHOOK_FIELDS.DEPOSIT);
    const gross = 12_500_000n;
    const fee = (gross * 150n) / 10_000n; // 1.5%: a whole number of raw units, so no rounding
    expect(d).toMatchObject({
      event: 'DEPOSIT', externalUserId: user, sessionRef: session.body.data.sessionRef, sessionAmount: '11.50',
      grossAmount: gross.toString(), feeAmount: fee.toString(), amount: (gross - fee).toString(), type: 'ERC20',
      contractAddress: usdc.address, transactionHash: txHash, chainId: '31337', localCurrencyCode: 'EUR', currentRate: '0.92', pair: 'USD/EUR',
    });
    expect(BigInt(d!.amount!) + BigInt(d!.feeAmount!)).toBe(BigInt(d!.grossAmount!));
    const usdValue = new Decimal((gross - fee).toString()).div(1e6).times(price).toDecimalPlaces(6, Decimal.ROUND_DOWN);
    expect(d!.amountInDollar).toBe(usdValue.toFixed(6));
    expect(d!.feeInDollar).toBe(new Decimal(fee.toString()).div(1e6).times(price).toDecimalPlaces(6, Decimal.ROUND_UP).toFixed(6));
    expect(d!.amountInLocalCurrency).toBe(usdValue.times('0.92').toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed(6));
    expect(Number(BigInt(d!.depositId!))).toBeGreaterThan(0);
    expect(d!.idempotencyKey).toMatch(new RegExp(`^deposit-31337-${txHash}-\\d+$`));
    expect(new Date(d!.confirmedAt!).toISOString()).toBe(d!.confirmedAt);
    expect(await balanceOf(usdc.address, bankroll)).toBe(before + gross - fee);
    expect(await balanceOf(usdc.address, feeWalletAddress(ctx.keys.HD_MNEMONIC))).toBe(feesBefore + fee);
    expect(await balanceOf(usdc.address, address)).toBe(0n);
    const row = await ctx.db.deposit.findFirstOrThrow({ where: { txHash } });
    expect(row.status).toBe('CREDITED');
    expect(await ctx.db.webhookEvent.count({ where: { uniqueKey: `DEPOSIT:${row.id}` } })).toBe(1);
    // Its confirmation checks ran inside one attempt of one activity on the follow queue, though it waited for blocks,
    // and so did its sweep's steps.
    expect(await scheduledActivities(ctx.temporal.client, depositWorkflowId(seen))).toEqual(['followDepositConfirmations', 'followSweep', 'creditDeposit', 'checkHotWalletAfterDeposit']);
    expect((await activityAttempts(ctx.temporal.client, depositWorkflowId(seen))).slice(0, 2)).toEqual([1, 1]);
  });

  it('When a USD operator user sends native ETH with no open session, Then type NATIVE, contractAddress null, sessionRef and sessionAmount null', async () => {
    const { user, address } = await newUser(usd.id);
    const chain = await ctx.db.chain.findUniqueOrThrow({ where: { chainId: 31337 } });
    const price = await feedPrice(chain.nativePriceFeed!);
    await fund({ nodeUrl, registry: ctx.services.registry, address, token: 'native', amount: '0.25' });
    const [d] = await confirmAndWait(user);
    expect(d).toMatchObject({
      type: 'NATIVE', contractAddress: 'null', sessionRef: 'null', sessionAmount: 'null', grossAmount: parseUnits('0.25', 18).toString(),
      feeAmount: '0', feeInDollar: '0.000000', localCurrencyCode: 'USD', currentRate: '1', pair: 'USD/USD',
    });
    expect(d!.amountInDollar).toBe(price.times('0.25').toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed(6));
    expect(d!.amountInLocalCurrency).toBe(d!.amountInDollar);
  });

  it('When one transaction carries two transfers to deposit addresses, Then two deposits and two DEPOSIT events', async () => {
    const a = await newUser(usd.id);
    const b = await newUser(usd.id);
    const usdt = new Contract(token('USDT').address, ERC20_ABI, await provider.getSigner(2));
    await (await usdt.getFunction('mint')(await (await provider.getSigner(2)).getAddress(), 30_000_000n)).wait();
    // Each worth more than its sweep's gas (domain/dust), or it would wait for cheaper gas instead of being credited.
    const tx = await usdt.getFunction('batchTransfer')([a.address, b.address], [10_000_000n, 20_000_000n]);
    await tx.wait();
    const [da] = await confirmAndWait(a.user);
    const [db] = await confirmAndWait(b.user);
    expect(da!.transactionHash).toBe(tx.hash);
    expect(db!.transactionHash).toBe(tx.hash);
    expect([da!.grossAmount, db!.grossAmount]).toEqual(['10000000', '20000000']);
    expect(da!.idempotencyKey).not.toBe(db!.idempotencyKey);
    expect(await ctx.db.deposit.count({ where: { txHash: tx.hash } })).toBe(2);
  });

  it('When the worker stops mid-confirmation and restarts, Then still exactly one DEPOSIT', async () => {
    const { user, address } = await newUser(usd.id);
    const { txHash } = await fund({ nodeUrl, registry: ctx.services.registry, address, token: 'USDT', amount: '3' });
    await eventually(() => ctx.db.deposit.findFirst({ where: { txHash } }), 30_000, 'deposit detected');
    await ctx.stopWorker();
    await mine({ nodeUrl, blocks: 3 });
    await ctx.startWorker();
    await confirmAndWait(user);
    // Past the sweep's own gas top-up into the address and its confirmations: that is not a deposit.
    await mine({ nodeUrl, blocks: 4 });
    await new Promise((r) => setTimeout(r, 2000));
    expect(depositsFor(user)).toHaveLength(1);
    expect(await ctx.db.deposit.count({ where: { externalUserId: user } })).toBe(1);
    expect(await ctx.db.webhookEvent.count({ where: { event: 'DEPOSIT', body: { contains: txHash } } })).toBe(1);
  });

  it('When a confirmation follow is lost in transit (its worker never answers it), Then it is retried once its 20 s heartbeat bound passes and the deposit is credited once', async () => {
    // What a worker that stops while the server hands it a task leaves behind: a started attempt no one will answer
    // and that never heartbeats. It is retried only when its heartbeat timeout passes.
    let lost = false;
    await ctx.stopWorker();
    await ctx.startWorker((acts) => ({
      ...acts,
      followDepositConfirmations: (depositId: string, pollMs: number) => {
        if (lost) return acts.followDepositConfirmations(depositId, pollMs);
        lost = true;
        return new Promise<never>((_, reject) => Context.current().cancelled.catch(reject));
      },
    }));
    try {
      const { user, address } = await newUser(usd.id);
      const { txHash } = await fund({ nodeUrl, registry: ctx.services.registry, address, token: 'USDT', amount: '3.5' });
      await confirmAndWait(user);
      expect(lost).toBe(true);
      await delay(1500);
      expect(depositsFor(user)).toHaveLength(1);
      // The server retried the lost attempt once it timed out: how long that takes is the heartbeat bound the follow was
      // scheduled with (a check's bound was a minute once), held to 20 s here.
      const dep = await ctx.db.deposit.findFirstOrThrow({ where: { txHash } });
      const history = await ctx.temporal.client.workflow.getHandle(depositWorkflowId(dep)).fetchHistory();
      const checks = history.events!.flatMap((e) => {
        const a = e.activityTaskScheduledEventAttributes;
        return a?.activityType?.name === 'followDepositConfirmations' ? [Number(a.heartbeatTimeout?.seconds ?? 0)] : [];
      });
      expect(checks).toHaveLength(1);
      expect(checks[0]).toBeGreaterThan(0);
      expect(checks[0]).toBeLessThanOrEqual(20);
    } finally {
      await ctx.stopWorker();
      await ctx.startWorker();
    }
  });

  it('When the scanner is down while a transfer is mined, Then on restart it resumes from its cursor and finds it', async () => {
    const { user, address } = await newUser(usd.id);
    await ctx.stopWorker();
    await fund({ nodeUrl, registry: ctx.services.registry, address, token: 'USDT', amount: '4' });
    await mine({ nodeUrl, blocks: 5 });
    await ctx.startWorker();
    const [d] = await confirmAndWait(user);
    expect(d!.grossAmount).toBe('4000000');
  });

  it('When a transfer is reorganised away before its confirmations, Then no DEPOSIT, and the deposit is recorded as dropped', async () => {
    const { user, address } = await newUser(usd.id);
    const snapshot = await provider.send('evm_snapshot', []);
    const { txHash } = await fund({ nodeUrl, registry: ctx.services.registry, address, token: 'USDT', amount: '5' });
    await eventually(() => ctx.db.deposit.findFirst({ where: { txHash } }), 30_000, 'deposit detected');
    await provider.send('evm_revert', [snapshot]);
    await mine({ nodeUrl, blocks: 4 });
    const dropped = await eventually(async () => {
      const row = await ctx.db.deposit.findFirst({ where: { txHash } });
      return row?.status === 'DROPPED' ? row : null;
    }, 30_000, 'deposit dropped');
    expect(dropped.droppedReason).toBe('REORGANISED');
    await new Promise((r) => setTimeout(r, 1500));
    expect(depositsFor(user)).toHaveLength(0);
  });

  it('When a confirming transfer is reorganised into a later block at another log position, Then it is confirmed from the new block and credited once', async () => {
    const { user, address } = await newUser(usd.id);
    const usdt = token('USDT');
    // A sender whose signed transaction we hold, so the very same transaction can be mined again after the reorg.
    const sender = Wallet.createRandom();
    await provider.send('hardhat_setBalance', [sender.address, toQuantity(10n ** 18n)]);
    await (await new Contract(usdt.address, ERC20_ABI, await provider.getSigner(2)).getFunction('mint')(sender.address, 7_000_000n)).wait();
    const gwei = 10n ** 9n;
    const raw = await sender.signTransaction({
      type: 2, chainId: 31337, nonce: 0, to: usdt.address, data: new Interface(ERC20_ABI).encodeFunctionData('transfer', [address, 7_000_000n]),
      gasLimit: 100_000n, maxFeePerGas: 50n * gwei, maxPriorityFeePerGas: gwei,
    });
    const snapshot = await provider.send('evm_snapshot', []);
    const txHash: string = await provider.send('eth_sendRawTransaction', [raw]);
    const seen = await eventually(() => ctx.db.deposit.findFirst({ where: { txHash } }), 30_000, 'deposit detected');

    await provider.send('evm_revert', [snapshot]);
    // Gone from the chain, but not for the depth: the deposit keeps waiting.
    await delay(1500);
    expect((await ctx.db.deposit.findFirstOrThrow({ where: { txHash } })).status).toBe('CONFIRMING');

    // An empty block takes the transfer's old height; the same transaction lands in the next one, behind another log.
    await mine({ nodeUrl, blocks: 1 });
    await provider.send('evm_setAutomine', [false]);
    try {
      const other = new Contract(usdt.address, ERC20_ABI, await provider.getSigner(3));
      await other.getFunction('mint')(Wallet.createRandom().address, 1n, { gasLimit: 100_000n, maxFeePerGas: 100n * gwei, maxPriorityFeePerGas: 10n * gwei });
      await provider.send('eth_sendRawTransaction', [raw]);
      await provider.send('evm_mine', []);
    } finally {
      await provider.send('evm_setAutomine', [true]);
    }
    const receipt = (await provider.getTransactionReceipt(txHash)) as TransactionReceipt;
    expect(receipt.blockNumber).toBe(seen.blockNumber + 1);
    expect(receipt.logs.map((l) => l.index)).not.toContain(seen.logIndex);

    const [d] = await confirmAndWait(user);
    expect(d).toMatchObject({ transactionHash: txHash, grossAmount: '7000000', idempotencyKey: `deposit-31337-${txHash}-${seen.logIndex}` });
    await mine({ nodeUrl, blocks: 4 });
    await delay(2000);
    expect(depositsFor(user)).toHaveLength(1);
    const rows = await ctx.db.deposit.findMany({ where: { txHash } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: seen.id, status: 'CREDITED', blockNumber: receipt.blockNumber, blockHash: receipt.blockHash, droppedReason: null });
  });

  it('When the price feed is stale, Then the sweep and the credit wait (no gas spent, no DEPOSIT), and go out once the price is fresh', async () => {
    const { user, address } = await newUser(usd.id);
    await setPrice({ nodeUrl, registry: ctx.services.registry, symbol: 'USDT', stale: true });
    try {
      const { txHash } = await fund({ nodeUrl, registry: ctx.services.registry, address, token: 'USDT', amount: '6' });
      await mine({ nodeUrl, blocks: 3 });
      // Without a price the sweep cannot be weighed against its gas (domain/dust), so it is not sent.
      const row = await eventually(async () => (await ctx.db.deposit.findFirst({ where: { txHash, status: 'SWEEPING' } })) ?? null, 60_000, 'deposit confirmed, waiting for a price');
      await new Promise((r) => setTimeout(r, 2500));
      expect(await ctx.db.outboundTx.count({ where: { purpose: `gas:${row.id}` } })).toBe(0);
      expect((await ctx.db.deposit.findUniqueOrThrow({ where: { id: row.id } })).status).toBe('SWEEPING');
      expect(depositsFor(user)).toHaveLength(0);
    } finally {
      await setPrice({ nodeUrl, registry: ctx.services.registry, symbol: 'USDT', usd: '1' });
    }
    const [d] = await confirmAndWait(user);
    expect(d).toMatchObject({ grossAmount: '6000000', amountInDollar: '6.000000' });
  });
});
