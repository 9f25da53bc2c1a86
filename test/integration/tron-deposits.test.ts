import { Wallet } from 'ethers';
import { TronNode } from '../../src/adapters/tron-node';
import { tronDepositAddress, tronFeeWalletAddress } from '../../src/adapters/tron-wallet';
import { isTronAddress, tronFromEvm } from '../../src/adapters/tron-address';
import { refBlockOf, signTronTx, trc20TransferTx } from '../../src/chain/tron-tx';
import { WEBHOOK_FIELDS } from '../../src/domain/webhook-events';
import { createOperator } from '../../src/provisioning/operators';
import { createTestContext, type TestContext } from '../support/harness';
import { http } from '../support/http';
import { eventually } from '../support/wait';
import { WebhookReceiver, type Received } from '../support/webhook-receiver';
import { registerTronChain, startTronFixture, TRON_STANDIN_CHAIN_ID, type TronFixture } from '../support/tron-standin/fixture';

// Against the TRON full-node STAND-IN (test/support/tron-standin), not a TRON network: see docs/tron.md.
let ctx: TestContext;
let tron: TronFixture;
let node: TronNode;
let receiver: WebhookReceiver;
let op: { id: string; apiKey: string };

beforeAll(async () => {
  const bankrollAddress = new Wallet(JSON.parse(process.env.GW_TEST_SERVICES!).bankrollKey).address;
  tron = await startTronFixture(bankrollAddress);
  node = new TronNode(tron.standIn.url);
  ctx = await createTestContext({
    env: { TRON_RPC_URLS: `${TRON_STANDIN_CHAIN_ID}=${tron.standIn.url}`, WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1,1,1', PRICE_RETRY_SECONDS: '1' },
  });
  await registerTronChain(ctx.db, tron);
  await ctx.startWorker();
  receiver = await new WebhookReceiver().start();
  op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Tron Games', webhookUrl: receiver.url });
  await ctx.db.operator.update({ where: { id: op.id }, data: { depositFeeBps: 100 } });
});
afterAll(async () => {
  await receiver?.stop();
  await ctx?.close();
  await tron?.standIn.stop();
});

const form = (r: Received) => Object.fromEntries(new URLSearchParams(r.body));

describe('TRC-20 deposits on TRON (stand-in node)', () => {
  it('When a user pays USDT to the TRON address the widget showed, Then one DEPOSIT in TRON form, and the sweep moves it to the bankroll paid by bankroll TRX', async () => {
    const user = 'tron-player-1';
    const session = await http(ctx.apiUrl, 'POST', '/session/deposit', {
      token: op.apiKey, json: { externalUserId: user, lang: 'en', platformFiatCurrency: 'USD', userBalance: '0', amount: '25.00' },
    });
    expect(session.status).toBe(201);
    const r = await http(ctx.apiUrl, 'POST', '/depositor/address', { json: { sid: session.body.data.sid, chainId: TRON_STANDIN_CHAIN_ID, currency: 'USDT' } });
    expect(r.status).toBe(200);
    const { address } = r.body.data;
    const row = await ctx.db.depositAddress.findFirstOrThrow({ where: { operatorId: op.id, externalUserId: user } });
    expect(isTronAddress(address)).toBe(true);
    expect(address).toBe(tronDepositAddress(ctx.config.TRON_DEPOSIT_XPUB!, row.hdIndex));
    expect(row.tronAddress).toBe(address);
    expect(r.body.data).toMatchObject({ chainId: TRON_STANDIN_CHAIN_ID, currency: 'USDT', tokenAddress: tron.usdt, decimals: 6, paymentUri: address });
    // Native TRX is not a deposit currency on TRON.
    expect((await http(ctx.apiUrl, 'POST', '/depositor/address', { json: { sid: session.body.data.sid, chainId: TRON_STANDIN_CHAIN_ID, currency: 'TRX' } })).status).toBe(400);

    // The player's own wallet on TRON pays 25 USDT, signed and broadcast as any TRON wallet would.
    const payer = Wallet.createRandom();
    const payerTron = tronFromEvm(payer.address);
    tron.standIn.ledger.credit(payerTron, 50_000_000n);
    tron.standIn.ledger.mint(tron.usdt, payerTron, 25_000_000n);
    const tx = signTronTx(trc20TransferTx({ from: payerTron, token: tron.usdt, to: address, raw: 25_000_000n, feeLimitSun: 30_000_000n }, refBlockOf(await node.nowBlock(), 60_000)), payer.privateKey);
    expect(await node.broadcast(tx)).toEqual({ ok: true });

    const deposits = () => receiver.received.map(form).filter((f) => f.event === 'DEPOSIT' && f.externalUserId === user);
    const [d] = await eventually(async () => (deposits().length ? deposits() : null), 90_000, 'TRON DEPOSIT webhook');
    expect(Object.keys(d!)).toEqual(WEBHOOK_FIELDS.DEPOSIT);
    expect(d).toMatchObject({
      type: 'TRC20', contractAddress: tron.usdt, transactionHash: tx.txID, chainId: String(TRON_STANDIN_CHAIN_ID),
      grossAmount: '25000000', feeAmount: '250000', amount: '24750000', amountInDollar: '24.750000', sessionRef: session.body.data.sessionRef,
    });
    const bankroll = tronFromEvm(ctx.config.BANKROLL_ADDRESS);
    const ledger = tron.standIn.ledger;
    expect(ledger.tokenBalance(tron.usdt, address)).toBe(0n);
    expect(ledger.tokenBalance(tron.usdt, bankroll)).toBe(1_000_000_000n + 24_750_000n);
    expect(ledger.tokenBalance(tron.usdt, tronFeeWalletAddress(ctx.keys.HD_MNEMONIC))).toBe(250_000n);
    // The bankroll paid the sweep's resources in TRX: a top-up to the deposit address (activating it).
    const gas = await ctx.db.outboundTx.findMany({ where: { chainId: TRON_STANDIN_CHAIN_ID }, orderBy: { createdAt: 'asc' } });
    expect(gas.map((g) => g.purpose.split(':')[0])).toEqual(['gas', 'sweep', 'fee']);
    expect(gas.every((g) => g.status === 'CONFIRMED')).toBe(true);
    expect(gas[0]!.fromAddress).toBe(bankroll);
    expect(ledger.trxOf(bankroll)!).toBeLessThan(1_000_000_000n);
    expect(ledger.trxOf(address)).not.toBeNull();

    // Credited once: more blocks and scans later there is still one event and one row.
    tron.standIn.mine(5);
    await new Promise((res) => setTimeout(res, 1500));
    expect(deposits()).toHaveLength(1);
    const dep = await ctx.db.deposit.findFirstOrThrow({ where: { txHash: tx.txID } });
    expect(dep.status).toBe('CREDITED');
    expect(await ctx.db.webhookEvent.count({ where: { uniqueKey: `DEPOSIT:${dep.id}` } })).toBe(1);
  });

  it('When a TRON address receives USDT below the minimum, and a token the registry does not list, Then the first is recorded as DUST with no workflow and no event, the second not at all', async () => {
    const user = 'tron-player-dust';
    const session = await http(ctx.apiUrl, 'POST', '/session/deposit', {
      token: op.apiKey, json: { externalUserId: user, lang: 'en', platformFiatCurrency: 'USD', userBalance: '0', amount: '5.00' },
    });
    const { address } = (await http(ctx.apiUrl, 'POST', '/depositor/address', { json: { sid: session.body.data.sid, chainId: TRON_STANDIN_CHAIN_ID, currency: 'USDT' } })).body.data;
    const fake = tron.standIn.ledger.deployToken('FAKEUSDT', 6);
    const payer = Wallet.createRandom();
    const payerTron = tronFromEvm(payer.address);
    tron.standIn.ledger.credit(payerTron, 100_000_000n);
    tron.standIn.ledger.mint(tron.usdt, payerTron, 500_000n);
    tron.standIn.ledger.mint(fake, payerTron, 50_000_000n);
    const send = async (token: string, raw: bigint) => {
      const tx = signTronTx(trc20TransferTx({ from: payerTron, token, to: address, raw, feeLimitSun: 30_000_000n }, refBlockOf(await node.nowBlock(), 60_000)), payer.privateKey);
      expect(await node.broadcast(tx)).toEqual({ ok: true });
      return tx.txID;
    };
    const dustTx = await send(tron.usdt, 500_000n); // 0.5 USDT, the registry's minimum is 1 USDT
    tron.standIn.mine();
    const fakeTx = await send(fake, 50_000_000n);
    const dust = await eventually(() => ctx.db.deposit.findFirst({ where: { txHash: dustTx } }), 30_000, 'the DUST row');
    expect(dust).toMatchObject({ status: 'DUST', depositAddress: address, tokenAddress: tron.usdt, grossAmount: expect.anything() });
    // Scanned past the unlisted token's block: still nothing recorded for it.
    const fakeBlock = await eventually(async () => tron.standIn.ledger.info(fakeTx)?.blockNumber, 10_000, 'the FAKE transfer mined');
    await eventually(async () => ((await ctx.db.chainCursor.findUnique({ where: { chainId: TRON_STANDIN_CHAIN_ID } }))!.nextBlock > fakeBlock + 1 ? true : null), 30_000, 'the scanner past it');
    expect(await ctx.db.deposit.count({ where: { txHash: fakeTx } })).toBe(0);
    expect(receiver.received.map(form).filter((f) => f.event === 'DEPOSIT' && f.externalUserId === user)).toHaveLength(0);
  });

  it('When /readyz and /chain are asked, Then the TRON chain is checked by its node and listed as type TRON with its base58 token; a node down reads down', async () => {
    const r = await http(ctx.apiUrl, 'GET', '/readyz');
    expect(r.body.checks.chains[String(TRON_STANDIN_CHAIN_ID)]).toBe('up');
    const chains = (await http(ctx.apiUrl, 'GET', '/chain')).body as Array<{ chainId: number; type: string; nativeSymbol: string; tokens: Array<{ address: string; symbol: string; decimals: number }> }>;
    expect(chains.find((c) => c.chainId === TRON_STANDIN_CHAIN_ID)).toMatchObject({ type: 'TRON', nativeSymbol: 'TRX', tokens: expect.arrayContaining([expect.objectContaining({ address: tron.usdt, symbol: 'USDT', decimals: 6 })]) });
    tron.standIn.ledger.down = true;
    try {
      const down = await http(ctx.apiUrl, 'GET', '/readyz');
      expect(down.status).toBe(503);
      expect(down.body.checks.chains[String(TRON_STANDIN_CHAIN_ID)]).toBe('down');
    } finally {
      tron.standIn.ledger.down = false;
    }
  });
});
