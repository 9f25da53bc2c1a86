import { getAddress } from 'ethers';
import networks from '../../config/networks.json';
import { networkPresets } from '../../src/config/networks';

const presets = networkPresets();
const byName = (name: string) => presets.find((p) => p.name === name)!;
const token = (network: string, symbol: string) => byName(network).tokens.find((t) => t.symbol === symbol)!;

describe('config/networks.json', () => {
  it('When loaded, Then every required mainnet and public testnet is there with its chain id', () => {
    expect(Object.fromEntries(presets.map((p) => [p.name, p.chainId]))).toEqual({
      ethereum: 1, base: 8453, polygon: 137, bsc: 56, arbitrum: 42161, tron: 728126428,
      sepolia: 11155111, 'base-sepolia': 84532, 'polygon-amoy': 80002, 'bsc-testnet': 97, 'arbitrum-sepolia': 421614,
      'tron-nile': 3448148188, 'tron-shasta': 2494104990,
    });
    expect(presets.filter((p) => p.type === 'TRON').map((p) => p.name)).toEqual(['tron', 'tron-nile', 'tron-shasta']);
  });

  it('Then chain ids and names are unique', () => {
    expect(new Set(presets.map((p) => p.chainId)).size).toBe(presets.length);
    expect(new Set(presets.map((p) => p.name)).size).toBe(presets.length);
  });

  it('Then every EVM address (tokens and feeds) is EIP-55 checksummed, and every TRON address is base58', () => {
    let checked = 0;
    for (const p of presets) {
      const feeds = [p.nativePriceFeed, ...p.tokens.map((t) => t.priceFeed)].filter((a): a is string => !!a);
      for (const a of feeds) expect(getAddress(a)).toBe(a);
      for (const t of p.tokens.filter((x) => x.address)) {
        if (p.type === 'EVM') expect(getAddress(t.address!)).toBe(t.address);
        else expect(t.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
        checked += 1;
      }
      checked += feeds.length;
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('Then the decimals and addresses of the well-known tokens are right (BNB Chain stablecoins have 18)', () => {
    expect(token('ethereum', 'USDT')).toMatchObject({ address: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6 });
    expect(token('ethereum', 'USDC')).toMatchObject({ address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6 });
    expect(token('bsc', 'USDT')).toMatchObject({ address: '0x55d398326f99059fF775485246999027B3197955', decimals: 18 });
    expect(token('bsc', 'USDC')).toMatchObject({ address: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', decimals: 18 });
    expect(token('tron', 'USDT')).toMatchObject({ address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', decimals: 6 });
    for (const n of ['base', 'polygon', 'arbitrum']) for (const s of ['USDT', 'USDC']) expect(token(n, s).decimals).toBe(6);
    for (const p of presets) expect(p.nativeDecimals).toBe(p.type === 'TRON' ? 6 : 18);
  });

  it('Then every mainnet lists both USDT and USDC, and every unknown address or feed says why it is null', () => {
    for (const p of presets.filter((x) => !x.testnet)) expect(p.tokens.filter((t) => t.address).map((t) => t.symbol).sort()).toEqual(['USDC', 'USDT']);
    for (const p of presets) {
      if (p.nativePriceFeed === null) expect(p.nativePriceFeedWhy).toEqual(expect.any(String));
      for (const t of p.tokens) {
        if (t.address === null) expect(t.addressWhy).toEqual(expect.any(String));
        else if (t.priceFeed === null) expect(t.priceFeedWhy).toEqual(expect.any(String));
      }
    }
  });

  it('When an entry is wrong, Then the loader refuses the file: lower-case address, duplicate chain id, a null without its reason', () => {
    const copy = () => JSON.parse(JSON.stringify(networks)) as { presets: Array<Record<string, any>> };
    const lower = copy();
    lower.presets[0]!.tokens[0].address = lower.presets[0]!.tokens[0].address.toLowerCase();
    expect(() => networkPresets(lower)).toThrow(/checksummed/);
    const duplicate = copy();
    duplicate.presets[1]!.chainId = duplicate.presets[0]!.chainId;
    expect(() => networkPresets(duplicate)).toThrow(/duplicate chainId/);
    const silent = copy();
    silent.presets[0]!.tokens[0].priceFeed = null;
    expect(() => networkPresets(silent)).toThrow(/priceFeedWhy/);
    const evmOnTron = copy();
    evmOnTron.presets.find((p) => p.name === 'tron')!.tokens[0].address = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
    expect(() => networkPresets(evmOnTron)).toThrow(/base58/);
  });
});
