import { Interface, JsonRpcProvider, Wallet, getAddress, parseEther } from 'ethers';
import { priceFeed, testToken } from '../../dev/devchain/bindings';
import { bankroll, drainGas, fund, mine, restoreGas, setPrice } from '../../dev/devchain/dev-commands';
import { startDevNode } from '../../dev/devchain/node';
import { proxyRpcCalls, setProxyRpc } from '../../dev/devchain/rpc-proxy';
import { DEV_CHAIN } from '../../dev/devchain/spec';
import { freePort } from '../../src/adapters/free-port';
import { setupDevChain, type DevChainFixture } from '../support/devchain-setup';

const TRANSFER = new Interface(['event Transfer(address indexed from, address indexed to, uint256 value)']);
/** Hardhat's account #1, the dev depositor. */
const DEPOSITOR = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

let chain: DevChainFixture;
let provider: JsonRpcProvider;
const bankrollAddress = Wallet.createRandom().address;

beforeAll(async () => {
  chain = await setupDevChain({ nodePort: await freePort(), proxyPort: await freePort(), bankrollAddress });
  provider = new JsonRpcProvider(chain.nodeUrl, DEV_CHAIN.chainId, { staticNetwork: true, cacheTimeout: -1 });
}, 60_000);

afterAll(async () => {
  provider?.destroy();
  await chain?.stop();
});

const token = (symbol: string) => {
  const t = chain.registry.tokens.find((x) => x.symbol === symbol);
  if (!t) throw new Error(`no ${symbol} in the registry`);
  return t;
};

describe('deployDevChain', () => {
  it('deploys every configured token with its decimals and symbol, at checksummed addresses', async () => {
    expect(chain.registry.tokens.map((t) => t.symbol)).toEqual(DEV_CHAIN.tokens.map((t) => t.symbol));
    for (const spec of DEV_CHAIN.tokens) {
      const { address } = token(spec.symbol);
      expect(address).toBe(getAddress(address));
      const contract = testToken(address, provider);
      expect(await contract.decimals()).toBe(BigInt(spec.decimals));
      expect(await contract.symbol()).toBe(spec.symbol);
    }
  });

  it('gives every feed 8 decimals and the configured USD price', async () => {
    const feeds = [
      { address: chain.registry.nativePriceFeed, usd: DEV_CHAIN.nativeUsd },
      ...DEV_CHAIN.tokens.map((t) => ({ address: token(t.symbol).priceFeed, usd: t.usd })),
    ];
    for (const { address, usd } of feeds) {
      const feed = priceFeed(address, provider);
      expect(await feed.decimals()).toBe(8n);
      expect((await feed.latestRoundData()).answer).toBe(BigInt(usd) * 10n ** 8n);
    }
  });

  it('funds the bankroll with 1,000,000 of each token and 1000 ETH', async () => {
    for (const t of chain.registry.tokens) {
      expect(await testToken(t.address, provider).balanceOf(bankrollAddress)).toBe(10n ** BigInt(6 + t.decimals));
    }
    expect(await provider.getBalance(bankrollAddress)).toBe(parseEther('1000'));

    const report = await bankroll({ nodeUrl: chain.nodeUrl, registry: chain.registry, address: bankrollAddress });
    expect(report.balances).toEqual([
      { symbol: 'ETH', tokenAddress: null, decimals: 18, balance: '1000', raw: parseEther('1000').toString() },
      ...chain.registry.tokens.map((t) => ({
        symbol: t.symbol,
        tokenAddress: t.address,
        decimals: t.decimals,
        balance: '1000000',
        raw: (10n ** BigInt(6 + t.decimals)).toString(),
      })),
    ]);
  });
});

describe('dev commands', () => {
  it('fund sends a real ERC-20 transfer from the depositor', async () => {
    const to = Wallet.createRandom().address;
    const { txHash } = await fund({ nodeUrl: chain.nodeUrl, registry: chain.registry, address: to, token: 'USDC', amount: '12.5' });

    const receipt = await provider.getTransactionReceipt(txHash);
    const transfers = (receipt?.logs ?? []).map((log) => ({ address: log.address, event: TRANSFER.parseLog(log) }));
    expect(transfers).toHaveLength(1);
    expect(transfers[0]?.address).toBe(token('USDC').address);
    expect(transfers[0]?.event?.args.toObject()).toEqual({ from: DEPOSITOR, to, value: 12_500_000n });
    expect(await testToken(token('USDC').address, provider).balanceOf(to)).toBe(12_500_000n);
  });

  it('fund mints to the depositor when it is short', async () => {
    const to = Wallet.createRandom().address;
    const amount = '5000000'; // more than the depositor has ever held
    await fund({ nodeUrl: chain.nodeUrl, registry: chain.registry, address: to, token: 'WETH', amount });
    expect(await testToken(token('WETH').address, provider).balanceOf(to)).toBe(parseEther(amount));
  });

  it('fund native moves the balance by exactly the amount', async () => {
    const to = Wallet.createRandom().address;
    const { txHash } = await fund({ nodeUrl: chain.nodeUrl, registry: chain.registry, address: to, token: 'native', amount: '0.25' });
    expect(await provider.getBalance(to)).toBe(parseEther('0.25'));
    expect((await provider.getTransaction(txHash))?.from).toBe(DEPOSITOR);
  });

  it('fund rejects an unknown token, a bad amount and a bad address', async () => {
    const nodeUrl = chain.nodeUrl;
    const registry = chain.registry;
    const address = Wallet.createRandom().address;
    await expect(fund({ nodeUrl, registry, address, token: 'DOGE', amount: '1' })).rejects.toThrow(/unknown token "DOGE"/);
    for (const amount of ['0', '-1', '1e6', 'abc', '1.0000001']) {
      await expect(fund({ nodeUrl, registry, address, token: 'USDC', amount })).rejects.toThrow(/invalid amount/);
    }
    await expect(fund({ nodeUrl, registry, address: '0x1234', token: 'USDC', amount: '1' })).rejects.toThrow(/invalid address/);
  });

  it('mine advances the block number by N', async () => {
    const before = await provider.getBlockNumber();
    expect(await mine({ nodeUrl: chain.nodeUrl, blocks: 7 })).toEqual({ blockNumber: before + 7 });
    expect(await provider.getBlockNumber()).toBe(before + 7);
    expect(await mine({ nodeUrl: chain.nodeUrl })).toEqual({ blockNumber: before + 8 });
  });

  it('setPrice moves a feed to an exact 8-decimal answer, and stale back-dates it', async () => {
    const nodeUrl = chain.nodeUrl;
    const registry = chain.registry;
    const feed = priceFeed(token('USDT').priceFeed, provider);

    expect(await setPrice({ nodeUrl, registry, symbol: 'USDT', usd: '1.0001' })).toEqual({ symbol: 'USDT', usd: '1.0001' });
    const moved = await feed.latestRoundData();
    expect(moved.answer).toBe(100_010_000n);
    expect(moved.updatedAt).toBeGreaterThan(1n);

    expect(await setPrice({ nodeUrl, registry, symbol: 'USDT', stale: true })).toEqual({ symbol: 'USDT', usd: '1.0001' });
    const stale = await feed.latestRoundData();
    expect(stale.answer).toBe(100_010_000n);
    expect(stale.updatedAt).toBe(1n);
    expect(stale.startedAt).toBe(1n);

    // A new price makes the feed fresh again.
    await setPrice({ nodeUrl, registry, symbol: 'USDT', usd: '1' });
    expect((await feed.latestRoundData()).updatedAt).toBeGreaterThan(1n);
  });

  it('setPrice works on the native feed and rejects bad input', async () => {
    const nodeUrl = chain.nodeUrl;
    const registry = chain.registry;
    expect(await setPrice({ nodeUrl, registry, symbol: 'ETH', usd: '2999.5' })).toEqual({ symbol: 'ETH', usd: '2999.5' });
    expect((await priceFeed(registry.nativePriceFeed, provider).latestRoundData()).answer).toBe(299_950_000_000n);

    await expect(setPrice({ nodeUrl, registry, symbol: 'DOGE', usd: '1' })).rejects.toThrow(/unknown token/);
    await expect(setPrice({ nodeUrl, registry, symbol: 'ETH', usd: '1.000000001' })).rejects.toThrow(/invalid USD price/);
    await expect(setPrice({ nodeUrl, registry, symbol: 'ETH' })).rejects.toThrow(/USD price or stale/);
  });

  it('drainGas leaves the bankroll without native gas and restoreGas gives 1000 back', async () => {
    const nodeUrl = chain.nodeUrl;
    expect(await drainGas({ nodeUrl, address: bankrollAddress })).toEqual({ address: bankrollAddress, nativeBalance: '0' });
    expect(await provider.getBalance(bankrollAddress)).toBe(0n);
    expect(await restoreGas({ nodeUrl, address: bankrollAddress })).toEqual({ address: bankrollAddress, nativeBalance: '1000' });
    expect(await provider.getBalance(bankrollAddress)).toBe(parseEther('1000'));
  });
});

describe('rpc proxy', () => {
  const chainId = () =>
    fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    }).then((res) => res.json() as Promise<{ result: string }>);
  const state = () => fetch(`${chain.rpcUrl}/__dev/rpc`).then((res) => res.json() as Promise<{ rpc: string }>);

  it('forwards JSON-RPC while up, resets connections while down, and comes back up', async () => {
    const viaProxy = new JsonRpcProvider(chain.rpcUrl, DEV_CHAIN.chainId, { staticNetwork: true, cacheTimeout: -1 });
    try {
      expect(await chainId()).toMatchObject({ result: '0x7a69' });
      expect(await viaProxy.getBlockNumber()).toBe(await provider.getBlockNumber());
      expect(await state()).toEqual({ rpc: 'up' });

      expect(await setProxyRpc(chain.rpcUrl, false)).toEqual({ rpc: 'down' });
      expect(await state()).toEqual({ rpc: 'down' });
      // No HTTP answer at all: undici's "fetch failed" caused by the closed socket.
      const failure = await chainId().then(() => undefined, (err: unknown) => err as Error & { cause?: { code?: string } });
      expect(failure?.message).toBe('fetch failed');
      expect(failure?.cause?.code).toMatch(/UND_ERR_SOCKET|ECONNRESET/);
      await expect(viaProxy.getBlockNumber()).rejects.toThrow();
      // The node itself is untouched.
      expect(await provider.getBlockNumber()).toBeGreaterThan(0);

      expect(await setProxyRpc(chain.rpcUrl, true)).toEqual({ rpc: 'up' });
      expect(await chainId()).toMatchObject({ result: '0x7a69' });
      expect(await viaProxy.getBlockNumber()).toBe(await provider.getBlockNumber());
    } finally {
      viaProxy.destroy();
    }
  });

  it('rejects a malformed switch request and keeps its state', async () => {
    const before = await state();
    const res = await fetch(`${chain.rpcUrl}/__dev/rpc`, { method: 'POST', body: '{"up":"no"}' });
    expect(res.status).toBe(400);
    expect(await state()).toEqual(before);
  });

  it('counts the calls it forwards by method, each entry of a batch on its own', async () => {
    const before = await proxyRpcCalls(chain.rpcUrl);
    const call = (id: number, method: string) => ({ jsonrpc: '2.0', id, method, params: [] });
    const post = (body: unknown) => fetch(chain.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
    await post(call(1, 'eth_chainId'));
    await post([call(2, 'eth_blockNumber'), call(3, 'eth_blockNumber'), call(4, 'eth_chainId')]);
    const after = await proxyRpcCalls(chain.rpcUrl);
    expect(after.requests - before.requests).toBe(2);
    expect((after.calls.eth_chainId ?? 0) - (before.calls.eth_chainId ?? 0)).toBe(2);
    expect((after.calls.eth_blockNumber ?? 0) - (before.calls.eth_blockNumber ?? 0)).toBe(2);
  });
});

describe('startDevNode', () => {
  it('refuses a port that is already taken instead of reporting the other server as ready', async () => {
    const port = Number(new URL(chain.rpcUrl).port);
    await expect(startDevNode({ port })).rejects.toThrow(/already in use/);
  });
});
