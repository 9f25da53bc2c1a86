import { getAddress, isAddress, parseUnits, toQuantity, type TransactionResponse } from 'ethers';
import { priceFeed, testToken } from './bindings';
import { DEPLOYER_ACCOUNT, DEPOSITOR_ACCOUNT, devClientOf, nodeAccount, setNativeBalance, withProvider } from './chain';
import type { DevChainRegistry, DevToken } from './deploy';
import { BANKROLL_NATIVE_UNITS, DEV_CHAIN, FEED_DECIMALS } from './spec';
import { formatAmount, parseAmount } from './units';

/** The logic behind the `dev` CLI commands (CONTRACT §2, §7). Each returns the JSON the command prints. */

/** When the depositor runs short of a token it mints this many whole units on top of the amount, so it rarely has to. */
const DEPOSITOR_TOP_UP_UNITS = '1000000';
/** Gas money the depositor keeps besides a native amount it sends. */
const DEPOSITOR_GAS_UNITS = '1';
/** Epoch second 1: a price round stamped then fails any staleness check. */
const STALE_TIMESTAMP = 1n;

/** A deposit to `address` from a funded dev account: a real ERC-20 transfer, or a plain value transfer for 'native'. */
export async function fund({ nodeUrl, registry, address, token, amount }: {
  nodeUrl: string;
  registry: DevChainRegistry;
  address: string;
  /** A token symbol, or 'native' (the native symbol works too). */
  token: string;
  /** In whole token units, e.g. '12.5'. */
  amount: string;
}): Promise<{ txHash: string }> {
  const to = checkedAddress(address);
  const asset = findAsset(registry, token);
  const raw = parseAmount(amount, asset === 'native' ? registry.nativeDecimals : asset.decimals);
  return withProvider(nodeUrl, async (provider) => {
    const depositor = await nodeAccount(provider, DEPOSITOR_ACCOUNT);
    let tx: TransactionResponse;
    if (asset === 'native') {
      const needed = raw + parseUnits(DEPOSITOR_GAS_UNITS, registry.nativeDecimals);
      const balance = await provider.getBalance(depositor.address);
      if (balance < needed) await setNativeBalance(provider, depositor.address, balance + needed);
      tx = await depositor.sendTransaction({ to, value: raw });
    } else {
      const contract = testToken(asset.address, depositor);
      // Mints the whole amount (not just the shortfall), so deposits funded at the same time cannot starve each other.
      if ((await contract.balanceOf(depositor.address)) < raw) {
        await (await contract.mint(depositor.address, raw + parseUnits(DEPOSITOR_TOP_UP_UNITS, asset.decimals))).wait();
      }
      tx = await contract.transfer(to, raw);
    }
    await tx.wait();
    return { txHash: tx.hash };
  }, registry.chainId);
}

export async function mine({ nodeUrl, blocks = 1, chainId }: { nodeUrl: string; blocks?: number; chainId?: number }): Promise<{ blockNumber: number }> {
  if (!Number.isSafeInteger(blocks) || blocks < 1) throw new Error(`invalid blocks "${blocks}": expected a positive integer`);
  return withProvider(nodeUrl, async (provider) => {
    if ((await devClientOf(provider)) === 'geth') {
      // geth's dev mode seals on its own clock and cannot be asked for a block: wait for as many as asked.
      const target = (await provider.getBlockNumber()) + blocks;
      let head = await provider.getBlockNumber();
      while (head < target) {
        await new Promise((r) => setTimeout(r, 200));
        head = await provider.getBlockNumber();
      }
      return { blockNumber: head };
    }
    // Interval 0: mined blocks keep the current time rather than pushing the chain's clock ahead.
    await provider.send('hardhat_mine', [toQuantity(blocks), '0x0']);
    return { blockNumber: await provider.getBlockNumber() };
  }, chainId);
}

/**
 * Moves a price feed to `usd`, or with `stale` back-dates its latest round so every staleness check fails. With
 * `ageSeconds` the new round is stamped that many seconds before now (the later of the wall clock and the chain's
 * latest block, the clocks freshness is judged by), as a feed whose last heartbeat was that long ago.
 */
export async function setPrice({ nodeUrl, registry, symbol, usd, stale = false, ageSeconds }: {
  nodeUrl: string;
  registry: DevChainRegistry;
  /** A token symbol or the native symbol. */
  symbol: string;
  usd?: string;
  stale?: boolean;
  ageSeconds?: number;
}): Promise<{ symbol: string; usd: string }> {
  if ((usd === undefined) === !stale) throw new Error('set either a USD price or stale, not both');
  if (ageSeconds !== undefined && (usd === undefined || !Number.isSafeInteger(ageSeconds) || ageSeconds < 0)) throw new Error('an age is whole seconds given with a USD price');
  const asset = findAsset(registry, symbol);
  const feedAddress = asset === 'native' ? registry.nativePriceFeed : asset.priceFeed;
  const answer = usd === undefined ? undefined : parseAmount(usd, FEED_DECIMALS, 'USD price');
  return withProvider(nodeUrl, async (provider) => {
    const feed = priceFeed(feedAddress, await nodeAccount(provider, DEPLOYER_ACCOUNT));
    const latest = await feed.latestRoundData();
    if (answer !== undefined && ageSeconds === undefined) {
      await (await feed.updateAnswer(answer)).wait();
    } else {
      const head = (await provider.getBlock('latest'))!.timestamp;
      const stamp = answer === undefined ? STALE_TIMESTAMP : BigInt(Math.max(head, Math.floor(Date.now() / 1000)) - ageSeconds!);
      await (await feed.updateRoundData(latest.roundId + 1n, answer ?? latest.answer, stamp, stamp)).wait();
    }
    const round = await feed.latestRoundData();
    return { symbol: asset === 'native' ? registry.nativeSymbol : asset.symbol, usd: formatAmount(round.answer, FEED_DECIMALS) };
  }, registry.chainId);
}

export interface BankrollBalance {
  symbol: string;
  /** null for the native asset. */
  tokenAddress: string | null;
  decimals: number;
  /** Whole units, e.g. '1000000'. */
  balance: string;
  /** Raw units. */
  raw: string;
}

/** The native and token balances of `address` (the bankroll), native first. */
export async function bankroll({ nodeUrl, registry, address }: {
  nodeUrl: string;
  registry: DevChainRegistry;
  address: string;
}): Promise<{ address: string; balances: BankrollBalance[] }> {
  const owner = checkedAddress(address);
  return withProvider(nodeUrl, async (provider) => {
    const entry = (symbol: string, tokenAddress: string | null, decimals: number, raw: bigint): BankrollBalance => ({
      symbol,
      tokenAddress,
      decimals,
      balance: formatAmount(raw, decimals),
      raw: raw.toString(),
    });
    const balances = await Promise.all([
      provider.getBalance(owner).then((raw) => entry(registry.nativeSymbol, null, registry.nativeDecimals, raw)),
      ...registry.tokens.map(async (t) => entry(t.symbol, t.address, t.decimals, await testToken(t.address, provider).balanceOf(owner))),
    ]);
    return { address: owner, balances };
  }, registry.chainId);
}

type GasArgs = {
  nodeUrl: string;
  address: string;
  chainId?: number;
  /** The address's key: geth cannot set balances, so draining there is a transfer out, signed with it. */
  ownerKey?: string;
};

/** Takes the native gas from `address` (the bankroll; on geth all but a transfer's worth of dust), so a payout has to wait for gas. */
export function drainGas({ nodeUrl, address, chainId, ownerKey }: GasArgs): Promise<{ address: string; nativeBalance: string }> {
  return setGas(nodeUrl, address, 0n, chainId, ownerKey);
}

/** Gives `address` (the bankroll) its starting 1000 of the native asset back. */
export function restoreGas({ nodeUrl, address, chainId, ownerKey }: GasArgs): Promise<{ address: string; nativeBalance: string }> {
  return setGas(nodeUrl, address, parseUnits(BANKROLL_NATIVE_UNITS, DEV_CHAIN.nativeDecimals), chainId, ownerKey);
}

/** Every dev chain's native asset has the first chain's decimals (config/dev-chain-2.json keeps them). */
async function setGas(nodeUrl: string, address: string, raw: bigint, chainId?: number, ownerKey?: string): Promise<{ address: string; nativeBalance: string }> {
  const owner = checkedAddress(address);
  return withProvider(nodeUrl, async (provider) => {
    await setNativeBalance(provider, owner, raw, ownerKey);
    return { address: owner, nativeBalance: formatAmount(await provider.getBalance(owner), DEV_CHAIN.nativeDecimals) };
  }, chainId);
}

function checkedAddress(address: string): string {
  if (!isAddress(address)) throw new Error(`invalid address "${address}"`);
  return getAddress(address);
}

/** A token of the registry by symbol, or 'native' for 'native' or the native symbol (case-insensitive). */
function findAsset(registry: DevChainRegistry, symbol: string): DevToken | 'native' {
  const wanted = symbol.toUpperCase();
  if (wanted === 'NATIVE' || wanted === registry.nativeSymbol.toUpperCase()) return 'native';
  const token = registry.tokens.find((t) => t.symbol.toUpperCase() === wanted);
  if (!token) {
    const known = [registry.nativeSymbol, ...registry.tokens.map((t) => t.symbol)].join(', ');
    throw new Error(`unknown token "${symbol}" on chain ${registry.chainId}: expected one of ${known} or native`);
  }
  return token;
}
