import { ContractFactory } from 'ethers';
import { compileContracts } from '../../dev/devchain/contracts';
import { fund } from '../../dev/devchain/dev-commands';
import { ensureDepositAddress } from '../../src/store/deposit-addresses';
import { runCli } from '../support/cli';
import { expectError, headlessSuite } from '../support/headless-fixtures';
import { http } from '../support/http';
import { delay, mineUntil } from '../support/wait';

const { ctx, f, op } = headlessSuite({});
const cli = (...args: string[]) => runCli(args, ctx.env);
const CHAIN = '31337';

/** The dev registry's delisted token: deployed and registered, never active unless the service team says so. */
const dai = () => f.token('DAI');

async function widgetPage(kind: 'deposit' | 'withdraw'): Promise<string> {
  const user = { externalUserId: `wp-${Date.now()}-${Math.random()}`, lang: 'en', platformFiatCurrency: 'USD', userBalance: '100', amount: '5.00' };
  const s = await http(ctx.apiUrl, 'POST', `/session/${kind}`, { token: op.apiKey, json: user });
  if (s.status !== 201) throw new Error(`${kind} session: ${s.status} ${s.text}`);
  const page = await fetch(`${ctx.apiUrl}/widget/${kind}?sid=${s.body.data.sid}`);
  return page.text();
}

async function optionSymbols(): Promise<string[]> {
  const r = await f.options(op.apiKey);
  expect(r.status).toBe(200);
  return r.body.data.options.map((o: { symbol: string }) => o.symbol);
}

describe('the dev registry ships an inactive token', () => {
  it('When GET /chain is read, Then DAI is listed with active false beside the active tokens', async () => {
    const r = await http(ctx.apiUrl, 'GET', '/chain');
    const chain = r.body.find((c: { chainId: number }) => c.chainId === 31337);
    expect(chain.active).toBe(true);
    expect(chain.tokens.find((t: { symbol: string }) => t.symbol === 'DAI')).toMatchObject({ address: dai().address, decimals: 18, active: false, name: 'DAI (dev, inactive)' });
    expect(chain.tokens.find((t: { symbol: string }) => t.symbol === 'USDT')).toMatchObject({ active: true });
  });

  it('When a headless intent asks for it, Then 400 HEADLESS_UNSUPPORTED_TOKEN and nothing is written', async () => {
    const before = await ctx.db.withdrawal.count();
    expectError(await f.create(op.apiKey, f.body({ tokenAddress: dai().address })), 400, 'HEADLESS_UNSUPPORTED_TOKEN');
    expect(await ctx.db.withdrawal.count()).toBe(before);
  });

  it('When options and the widget pages are read, Then it is not offered', async () => {
    expect(await optionSymbols()).toEqual(expect.arrayContaining(['USDT', 'USDC']));
    expect(await optionSymbols()).not.toContain('DAI');
    const deposit = await widgetPage('deposit');
    expect(deposit).toMatch(/\bUSDT\b/);
    expect(deposit).not.toMatch(/\bDAI\b/);
    const withdraw = await widgetPage('withdraw');
    expect(withdraw).toMatch(/USDT · /);
    expect(withdraw).not.toMatch(/\bDAI\b/);
  });

  it('When DAI is paid to a deposit address, Then the scanner ignores it (a later USDT deposit is found)', async () => {
    const { address } = await ensureDepositAddress(ctx.db, ctx.config.DEPOSIT_XPUB, op.id, 'dai-payer');
    const ignored = await fund({ nodeUrl: f.nodeUrl, registry: ctx.services.registry, address, token: 'DAI', amount: '50' });
    const seen = await fund({ nodeUrl: f.nodeUrl, registry: ctx.services.registry, address, token: 'USDT', amount: '5' });
    await mineUntil(() => f.mineBlocks(), () => ctx.db.deposit.findFirst({ where: { txHash: seen.txHash } }), 60_000, 'the USDT deposit');
    expect(await ctx.db.deposit.count({ where: { txHash: ignored.txHash } })).toBe(0);
  });
});

describe('token commands', () => {
  it('When a token is deactivated between create and execute, Then execute is 409 HEADLESS_UNSUPPORTED_TOKEN, it leaves options and widget, its history stays readable; activate brings it back', async () => {
    const usdc = f.token('USDC');
    const intent = await f.intent(op.apiKey, { tokenAddress: usdc.address });
    const off = await cli('token', 'deactivate', '--chain', CHAIN, '--address', usdc.address.toLowerCase());
    try {
      expect(off.code).toBe(0);
      expect(off.json).toMatchObject({ chainId: 31337, address: usdc.address, symbol: 'USDC', active: false });
      expectError(await f.execute(op.apiKey, intent.sessionRef), 409, 'HEADLESS_UNSUPPORTED_TOKEN');
      expect((await f.row(intent.id)).reservation).toBeNull();
      const record = await f.record(op.apiKey, intent.sessionRef);
      expect(record.status).toBe(200);
      expect(record.body.data).toMatchObject({ sessionRef: intent.sessionRef, status: 'CREATED', symbol: 'USDC', tokenAddress: usdc.address });
      expect(await optionSymbols()).not.toContain('USDC');
      expect(await widgetPage('deposit')).not.toMatch(/\bUSDC\b/);
      expect(await widgetPage('withdraw')).not.toMatch(/\bUSDC\b/);
      expectError(await f.create(op.apiKey, f.body({ tokenAddress: usdc.address })), 400, 'HEADLESS_UNSUPPORTED_TOKEN');
    } finally {
      const on = await cli('token', 'activate', '--chain', CHAIN, '--address', usdc.address);
      expect(on.json).toMatchObject({ active: true });
    }
    expect(await optionSymbols()).toContain('USDC');
    expect((await f.execute(op.apiKey, intent.sessionRef)).status).toBe(202);
  });

  it('When a token is added and updated, Then GET /chain shows it; decimals that disagree with the contract are refused and nothing is written', async () => {
    const { TestToken } = compileContracts();
    const deployed = await new ContractFactory(TestToken.abi, TestToken.bytecode, await f.provider.getSigner(0)).deploy('Euro Coin (test)', 'EURC', 6);
    await deployed.waitForDeployment();
    const address = await deployed.getAddress();

    const wrong = await cli('token', 'add', '--chain', CHAIN, '--address', address, '--symbol', 'EURC', '--decimals', '18');
    expect(wrong.code).toBe(2);
    expect(wrong.json.error).toMatch(/decimals\(\) is 6/);
    expect(await ctx.db.token.count({ where: { address } })).toBe(0);

    const inverted = await cli('token', 'add', '--chain', CHAIN, '--address', address, '--symbol', 'EURC', '--min-answer', '1.2', '--max-answer', '1.0');
    expect(inverted.code).toBe(2);
    expect(inverted.json.error).toMatch(/minimum answer 1.2 is above the maximum 1.0/);
    expect(await ctx.db.token.count({ where: { address } })).toBe(0);

    const added = await cli('token', 'add', '--chain', CHAIN, '--address', address.toLowerCase(), '--symbol', 'EURC', '--name', 'Euro Coin', '--price-feed', f.token('USDT').priceFeed,
      '--feed-heartbeat', '86400', '--min-answer', '0.9', '--max-answer', '1.30', '--min-deposit', '2.5', '--inactive');
    expect(added.code).toBe(0);
    expect(added.json).toEqual({
      chainId: 31337, address, symbol: 'EURC', displaySymbol: 'EURC', name: 'Euro Coin', decimals: 6, priceFeed: f.token('USDT').priceFeed,
      feedHeartbeat: 86_400, feedMinAnswer: '0.9', feedMaxAnswer: '1.3', minDeposit: '2.5', active: false,
    });
    expect((await cli('token', 'add', '--chain', CHAIN, '--address', address, '--symbol', 'EURC')).code).toBe(2);

    const updated = await cli('token', 'update', '--chain', CHAIN, '--address', address, '--display-symbol', 'EURC.e', '--min-deposit', '0', '--price-feed', 'none');
    expect(updated.json).toMatchObject({ displaySymbol: 'EURC.e', minDeposit: '0', priceFeed: null, active: false });
    // A bound moved past the stored other one is refused; "none" clears.
    expect((await cli('token', 'update', '--chain', CHAIN, '--address', address, '--min-answer', '1.5')).code).toBe(2);
    const cleared = await cli('token', 'update', '--chain', CHAIN, '--address', address, '--feed-heartbeat', 'none', '--max-answer', 'none');
    expect(cleared.json).toMatchObject({ feedHeartbeat: null, feedMinAnswer: '0.9', feedMaxAnswer: null });
    await cli('token', 'activate', '--chain', CHAIN, '--address', address);
    const chain = (await http(ctx.apiUrl, 'GET', '/chain')).body.find((c: { chainId: number }) => c.chainId === 31337);
    expect(chain.tokens.find((t: { address: string }) => t.address === address)).toMatchObject({ symbol: 'EURC', displaySymbol: 'EURC.e', decimals: 6, active: true, minDeposit: '0.000000' });
  });

  it.each([
    [['token', 'add', '--chain', CHAIN, '--address', '0xabc', '--symbol', 'X', '--decimals', '6'], /address/],
    [['token', 'add', '--chain', '999', '--address', '0x5FbDB2315678afecb367f032d93F642f64180aa3', '--symbol', 'X', '--decimals', '6'], /chain 999 is not registered/],
    [['token', 'update', '--chain', CHAIN, '--address', '0x5FbDB2315678afecb367f032d93F642f64180aa3', '--name', 'X'], /not registered/],
    [['token', 'update', '--chain', CHAIN, '--address', '0x5FbDB2315678afecb367f032d93F642f64180aa3', '--min-deposit', '-1'], /min-deposit/],
  ])('When the call is wrong (%j), Then exit 2 with a JSON error', async (args, message) => {
    const r = await cli(...args);
    expect(r.code).toBe(2);
    expect(r.json.error).toMatch(message);
  });
});

describe('chain commands', () => {
  it('When a chain is deactivated between create and execute, Then execute is 409 HEADLESS_UNSUPPORTED_CHAIN, create 400, options empty; activate restores it', async () => {
    const intent = await f.intent(op.apiKey);
    const off = await cli('chain', 'deactivate', CHAIN);
    try {
      expect(off.json).toMatchObject({ chainId: 31337, active: false });
      expectError(await f.execute(op.apiKey, intent.sessionRef), 409, 'HEADLESS_UNSUPPORTED_CHAIN');
      expectError(await f.create(op.apiKey, f.body()), 400, 'HEADLESS_UNSUPPORTED_CHAIN');
      expect(await optionSymbols()).toEqual([]);
      expect(await widgetPage('deposit')).not.toContain('data-chain="31337"');
      expect((await f.record(op.apiKey, intent.sessionRef)).status).toBe(200);
    } finally {
      expect((await cli('chain', 'activate', CHAIN)).json).toMatchObject({ active: true });
    }
    expect((await f.execute(op.apiKey, intent.sessionRef)).status).toBe(202);
  });

  it('When a chain is inactive, Then its scanner reads nothing and keeps its cursor; reactivated, it finds what was paid meanwhile', async () => {
    const { address } = await ensureDepositAddress(ctx.db, ctx.config.DEPOSIT_XPUB, op.id, 'paid-while-off');
    const cursor = () => ctx.db.chainCursor.findUniqueOrThrow({ where: { chainId: 31337 } }).then((c) => c.nextBlock);
    let paid: { txHash: string };
    await cli('chain', 'deactivate', CHAIN);
    try {
      await delay(500); // a scan step already under way ends
      const before = await cursor();
      paid = await fund({ nodeUrl: f.nodeUrl, registry: ctx.services.registry, address, token: 'USDT', amount: '3' });
      await f.mineBlocks(3);
      await delay(1500); // several scanner polls (CHAIN_POLL_MS 200)
      expect(await ctx.db.deposit.count({ where: { txHash: paid.txHash } })).toBe(0);
      expect(await cursor()).toBe(before);
    } finally {
      await cli('chain', 'activate', CHAIN);
    }
    await mineUntil(() => f.mineBlocks(), () => ctx.db.deposit.findFirst({ where: { txHash: paid.txHash } }), 60_000, 'the deposit paid while inactive');
  });

  it('When a chain without an RPC is added, listed and updated, Then it is stored without a URL and no scan cursor; a TRON chain can be held', async () => {
    const added = await cli('chain', 'add', '--id', '990001', '--name', 'Staging L2', '--native-symbol', 'SETH', '--deposit-confirmations', '12', '--withdraw-confirmations', '6', '--native-min-deposit', '0.001');
    expect(added.code).toBe(0);
    expect(added.json).toMatchObject({ chainId: 990001, type: 'EVM', nativeDecimals: 18, nativeMinDeposit: '0.001', maxGasPerTransfer: 1_000_000, active: true, rpc: 'not configured', scanFromBlock: null });
    expect(await ctx.db.chainCursor.findUnique({ where: { chainId: 990001 } })).toBeNull();
    const updated = await cli('chain', 'update', '990001', '--deposit-confirmations', '20', '--name', 'Staging L2b', '--max-gas-per-transfer', '2500000');
    expect(updated.json).toMatchObject({ depositConfirmations: 20, withdrawConfirmations: 6, name: 'Staging L2b', maxGasPerTransfer: 2_500_000 });
    const tron = await cli('chain', 'add', '--id', '990002', '--type', 'TRON', '--name', 'TRON test', '--native-symbol', 'TRX', '--deposit-confirmations', '19', '--withdraw-confirmations', '19', '--inactive');
    expect(tron.json).toMatchObject({ type: 'TRON', nativeDecimals: 6, active: false, rpc: 'not checked' });
    const trc20 = await cli('token', 'add', '--chain', '990002', '--address', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', '--symbol', 'USDT', '--decimals', '6');
    expect(trc20.json).toMatchObject({ address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', decimals: 6 });
    const listed = await cli('chain', 'list');
    expect(listed.json.chains.map((c: { chainId: number }) => c.chainId)).toEqual(expect.arrayContaining([31337, 990001, 990002]));
    expect(JSON.stringify(listed.json)).not.toContain('http');
    const r = await http(ctx.apiUrl, 'GET', '/chain');
    expect(r.body.find((c: { chainId: number }) => c.chainId === 990002)).toMatchObject({ type: 'TRON', active: false, tokens: expect.arrayContaining([expect.objectContaining({ symbol: 'USDT' })]) });
    // Refused for headless however it is set: TRON is outside headless's scope (spec 8 rule 6).
    expectError(await f.create(op.apiKey, f.body({ chainId: 990002 })), 400, 'HEADLESS_UNSUPPORTED_CHAIN');
  });

  it('When the configured RPC answers for another chain, Then chain add is refused and nothing is written', async () => {
    const env = { ...ctx.env, CHAIN_RPC_URLS: `${ctx.env.CHAIN_RPC_URLS},990003=${ctx.services.chainRpcUrl}` };
    const r = await runCli(['chain', 'add', '--id', '990003', '--name', 'Wrong', '--native-symbol', 'ETH', '--deposit-confirmations', '1', '--withdraw-confirmations', '1'], env);
    expect(r.code).toBe(2);
    expect(r.json.error).toMatch(/answers for chain 31337/);
    expect(r.stdout).not.toContain(ctx.services.chainRpcUrl);
    expect(await ctx.db.chain.findUnique({ where: { chainId: 990003 } })).toBeNull();
  });

  it('When one of a chain\'s two endpoints answers for another chain, Then chain add is refused naming that endpoint by number, nothing written', async () => {
    const second = ctx.services.secondChain;
    const id = second.registry.chainId;
    const env = { ...ctx.env, CHAIN_RPC_URLS: `${ctx.env.CHAIN_RPC_URLS},${id}=${second.rpcUrl}|${ctx.services.chainRpcUrl}` };
    const r = await runCli(['chain', 'add', '--id', String(id), '--name', 'Half wrong', '--native-symbol', 'ETH', '--deposit-confirmations', '1', '--withdraw-confirmations', '1'], env);
    expect(r.code).toBe(2);
    expect(r.json.error).toBe(`the endpoint 2 of the CHAIN_RPC_URLS entry of chain ${id} answers for chain 31337`);
    expect(await ctx.db.chain.findUnique({ where: { chainId: id } })).toBeNull();
  });

  it.each([
    [['chain', 'add', '--id', '31337', '--name', 'Again', '--native-symbol', 'ETH', '--deposit-confirmations', '1', '--withdraw-confirmations', '1'], /already registered/],
    [['chain', 'add', '--id', '5', '--name', 'No confs', '--native-symbol', 'ETH'], /--deposit-confirmations/],
    [['chain', 'add', '--id', '6', '--name', 'Zero', '--native-symbol', 'ETH', '--deposit-confirmations', '0', '--withdraw-confirmations', '1'], /deposit confirmations/],
    [['chain', 'update', '424242', '--name', 'Nobody'], /not registered/],
    [['chain', 'update', '31337', '--native-price-feed', '0x123'], /native price feed/],
    [['chain', 'update', '31337', '--max-gas-per-transfer', '20000'], /max gas per transfer/],
  ])('When the call is wrong (%j), Then exit 2 with a JSON error', async (args, message) => {
    const r = await cli(...args);
    expect(r.code).toBe(2);
    expect(r.json.error).toMatch(message);
    expect(await ctx.db.chain.count({ where: { chainId: { in: [5, 6] } } })).toBe(0);
  });
});

describe('network presets', () => {
  it('When a preset network is added, Then the chain and its USDT and USDC are registered from config/networks.json; flags beside it win; no RPC URL is stored', async () => {
    const listed = await cli('chain', 'presets');
    expect(listed.json.presets.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['ethereum', 'bsc', 'tron', 'base-sepolia', 'tron-nile']));

    const bsc = await cli('chain', 'add', '--preset', 'bsc', '--inactive');
    expect(bsc.code).toBe(0);
    expect(bsc.json).toMatchObject({ chainId: 56, name: 'BNB Smart Chain', nativeSymbol: 'BNB', depositConfirmations: 15, active: false, rpc: 'not configured', scanFromBlock: null, notListed: [] });
    expect(bsc.json.tokens.map((t: { symbol: string; decimals: number }) => [t.symbol, t.decimals])).toEqual([['USDT', 18], ['USDC', 18]]);

    const sepolia = await cli('chain', 'add', '--preset', 'sepolia', '--deposit-confirmations', '10');
    expect(sepolia.json).toMatchObject({ chainId: 11155111, depositConfirmations: 10, withdrawConfirmations: 3, nativePriceFeed: '0x694AA1769357215DE4FAC081bf1f309aDC325306' });
    expect(sepolia.json.tokens.map((t: { symbol: string }) => t.symbol)).toEqual(['USDC']);
    expect(sepolia.json.notListed).toEqual([{ symbol: 'USDT', why: expect.any(String) }]);

    // Base: each feed's published heartbeat and Chainlink's sequencer-uptime feed come with the preset.
    const base = await cli('chain', 'add', '--preset', 'base', '--inactive');
    expect(base.json).toMatchObject({ chainId: 8453, nativeFeedHeartbeat: 1200, sequencerUptimeFeed: '0xBCF85224fc0756B9Fa45aA7892530B47e10b6433' });
    expect(base.json.tokens.map((t: { symbol: string; feedHeartbeat: number }) => [t.symbol, t.feedHeartbeat])).toEqual([['USDT', 86_400], ['USDC', 86_400]]);
    expect(bsc.json.nativeFeedHeartbeat).toBeNull();

    const chain = (await http(ctx.apiUrl, 'GET', '/chain')).body.find((c: { chainId: number }) => c.chainId === 56);
    expect(chain.tokens.find((t: { symbol: string }) => t.symbol === 'USDT')).toMatchObject({ address: '0x55d398326f99059fF775485246999027B3197955', decimals: 18, active: true });
    expect((await cli('chain', 'add', '--preset', 'bsc')).code).toBe(2);
    const unknown = await cli('chain', 'add', '--preset', 'atlantis');
    expect(unknown.code).toBe(2);
    expect(unknown.json.error).toMatch(/unknown preset "atlantis"/);
  });
});
