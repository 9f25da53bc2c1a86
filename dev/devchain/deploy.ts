import { ContractFactory, NonceManager, parseUnits, type ContractTransactionResponse } from 'ethers';
import { testToken } from './bindings';
import { DEPLOYER_ACCOUNT, nodeAccount, setNativeBalance, withProvider } from './chain';
import { compileContracts } from './contracts';
import { BANKROLL_NATIVE_UNITS, BANKROLL_TOKEN_UNITS, DEV_CHAIN, FEED_DECIMALS, type DevChainSpec } from './spec';
import { parseAmount } from './units';

/** The deployed dev chain in the shape of the gateway's chain registry (see provisioning/chain-registry). */
export interface DevChainRegistry {
  chainId: number;
  name: string;
  type: 'EVM';
  nativeSymbol: string;
  nativeDecimals: number;
  nativePriceFeed: string;
  nativeMinDeposit?: string;
  depositConfirmations: number;
  withdrawConfirmations: number;
  tokens: DevToken[];
}

export interface DevToken {
  symbol: string;
  displaySymbol: string;
  name: string;
  decimals: number;
  /** EIP-55 checksummed. */
  address: string;
  priceFeed: string;
  /** Token units: transfers below it are dust. */
  minDeposit?: string;
  /** false: deployed and registered, but delisted (the dev registry keeps one so the inactive path is always exercised). */
  active?: boolean;
}

/**
 * Deploys a dev chain's tokens (config/dev-chain.json; the second chain takes the same ones) and a USD price feed for
 * each token and the native asset, and funds the bankroll with 1,000,000 of every token and 1000 of the native asset.
 */
export async function deployDevChain({ nodeUrl, bankrollAddress, spec = DEV_CHAIN }: { nodeUrl: string; bankrollAddress: string; spec?: DevChainSpec }): Promise<DevChainRegistry> {
  const { TestToken, MockV3Aggregator } = compileContracts();
  return withProvider(nodeUrl, async (provider) => {
    // Transactions are sent one after another without waiting for receipts (the nonce manager numbers them), then
    // awaited together. The contracts are deployed before anything is minted: geth mines on its clock, and a mint's gas
    // estimate needs its token's code in a block.
    const deployer = new NonceManager(await nodeAccount(provider, DEPLOYER_ACCOUNT));
    const tokenFactory = new ContractFactory(TestToken.abi, TestToken.bytecode, deployer);
    const feedFactory = new ContractFactory(MockV3Aggregator.abi, MockV3Aggregator.bytecode, deployer);
    const sent: ContractTransactionResponse[] = [];

    const deploy = async (factory: ContractFactory, ...args: Array<string | number | bigint>): Promise<string> => {
      const contract = await factory.deploy(...args);
      const tx = contract.deploymentTransaction();
      if (tx) sent.push(tx);
      return contract.getAddress();
    };
    const deployFeed = (usd: string) => deploy(feedFactory, FEED_DECIMALS, parseAmount(usd, FEED_DECIMALS, 'USD price'));

    const nativePriceFeed = await deployFeed(spec.nativeUsd);
    const tokens: DevToken[] = [];
    for (const t of spec.tokens) {
      const address = await deploy(tokenFactory, t.name, t.symbol, t.decimals);
      const priceFeed = await deployFeed(t.usd);
      tokens.push({ symbol: t.symbol, displaySymbol: t.displaySymbol, name: t.name, decimals: t.decimals, address, priceFeed, minDeposit: t.minDeposit, active: 'active' in t ? t.active : true });
    }
    // wait() throws on a reverted transaction.
    const minedAll = async () => Promise.all(sent.splice(0).map((tx) => tx.wait()));
    await minedAll();
    for (const t of tokens) sent.push(await testToken(t.address, deployer).mint(bankrollAddress, parseUnits(BANKROLL_TOKEN_UNITS, t.decimals)));
    await setNativeBalance(provider, bankrollAddress, parseUnits(BANKROLL_NATIVE_UNITS, spec.nativeDecimals));
    await minedAll();
    // Hardhat deploys under automine (a block per transaction, no waiting); from here on its blocks come on the clock.
    // geth's dev mode has sealed on its clock from the start.
    if (spec.blockIntervalMs && spec.client !== 'geth') {
      await provider.send('evm_setAutomine', [false]);
      await provider.send('evm_setIntervalMining', [spec.blockIntervalMs]);
    }

    return {
      chainId: spec.chainId,
      name: spec.name,
      type: 'EVM',
      nativeSymbol: spec.nativeSymbol,
      nativeDecimals: spec.nativeDecimals,
      nativePriceFeed,
      nativeMinDeposit: spec.nativeMinDeposit,
      depositConfirmations: spec.depositConfirmations,
      withdrawConfirmations: spec.withdrawConfirmations,
      tokens,
    };
  }, spec.chainId);
}
