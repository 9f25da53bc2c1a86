import { JsonRpcProvider, toQuantity, Wallet, type TransactionResponse } from 'ethers';
import { DEV_CHAIN, type DevClient } from './spec';

/**
 * Accounts of the dev node that it holds the keys of and signs for (eth_sendTransaction), so no key lives in this code
 * and the node numbers the nonces: dev commands run in separate CLI processes at the same time without colliding.
 * Hardhat has twenty ("test test ... junk" mnemonic); geth's dev mode has one, which then does both jobs.
 */
export const DEPLOYER_ACCOUNT = 0;
export const DEPOSITOR_ACCOUNT = 1;

/** Runs `fn` with a provider for the node of `chainId` (default: the first dev chain) and always closes it, so a CLI process can exit. */
export async function withProvider<T>(nodeUrl: string, fn: (provider: JsonRpcProvider) => Promise<T>, chainId = DEV_CHAIN.chainId): Promise<T> {
  // Static network: no detection loop that retries forever when the node is down. No cache: dev commands read
  // balances and block numbers right after changing them.
  const provider = new JsonRpcProvider(nodeUrl, chainId, { staticNetwork: true, cacheTimeout: -1, pollingInterval: 50 });
  try {
    return await fn(provider);
  } finally {
    // A transaction's wait leaves ethers' own receipt poll behind, its read maybe still queued for the next batch:
    // closing rejects queued reads, and nobody awaits that one (an unhandled rejection ended a crash campaign). Stop
    // the polls and let the queue go out first.
    await provider.removeAllListeners();
    await new Promise((r) => setTimeout(r, QUEUE_DRAIN_MS));
    provider.destroy();
  }
}

/** Past ethers' batch stall (10 ms), after which a queued read has been sent. */
const QUEUE_DRAIN_MS = 25;

/** Which dev node answers: geth names itself in web3_clientVersion ("Geth/v1.17.10-stable/..."); anything else is hardhat. */
export async function devClientOf(provider: JsonRpcProvider): Promise<DevClient> {
  const version = (await provider.send('web3_clientVersion', [])) as string;
  return /^geth\//i.test(version) ? 'geth' : 'hardhat';
}

/** The node's own account `index`; geth has only one, so every index names it there. */
export async function nodeAccount(provider: JsonRpcProvider, index: number) {
  const accounts = (await provider.send('eth_accounts', [])) as string[];
  return provider.getSigner(index < accounts.length ? index : 0);
}

/**
 * Gives `address` `raw` of the native asset. Hardhat sets the balance; geth has no such call, so the node's dev account
 * sends the shortfall, or, to lower it, `ownerKey` (the address's key) sends the excess back to the dev account.
 */
export async function setNativeBalance(provider: JsonRpcProvider, address: string, raw: bigint, ownerKey?: string): Promise<void> {
  if ((await devClientOf(provider)) === 'hardhat') {
    await provider.send('hardhat_setBalance', [address, toQuantity(raw)]);
    return;
  }
  const balance = await provider.getBalance(address);
  if (balance === raw) return;
  let tx: TransactionResponse;
  if (balance < raw) {
    tx = await (await nodeAccount(provider, DEPLOYER_ACCOUNT)).sendTransaction({ to: address, value: raw - balance });
  } else {
    tx = await sendExcess(provider, address, balance - raw, ownerKey);
  }
  await tx.wait();
}

/** Sends up to `excess` from `address` back to the dev account, less the transfer's own fee (geth cannot set balances). */
async function sendExcess(provider: JsonRpcProvider, address: string, excess: bigint, ownerKey?: string): Promise<TransactionResponse> {
  if (!ownerKey) throw new Error('geth cannot set balances: lowering one is a transfer, and it needs the key of the address (BANKROLL_PRIVATE_KEY)');
  const owner = new Wallet(ownerKey, provider);
  if (owner.address !== address) throw new Error('the key given does not belong to the address whose balance is lowered');
  const block = await provider.getBlock('latest');
  // Exactly the fee of a plain transfer at this base fee, no tip: what is left is at most a few gwei of dust.
  const maxFeePerGas = (block?.baseFeePerGas ?? 0n) * 2n + 1n;
  const fee = 21_000n * maxFeePerGas;
  const value = excess - fee;
  if (value <= 0n) throw new Error(`the balance exceeds the target by less than a transfer's fee (${fee} wei)`);
  const to = (await provider.send('eth_accounts', []) as string[])[0]!;
  return owner.sendTransaction({ to, value, gasLimit: 21_000n, maxFeePerGas, maxPriorityFeePerGas: 1n });
}
