import devChain from '../../config/dev-chain.json';
import secondDevChain from '../../config/dev-chain-2.json';

/** The node a dev chain runs on: hardhat (fast, test RPCs) or geth in dev mode (a real client). */
export type DevClient = 'hardhat' | 'geth';

/** A dev chain: its id, name, native asset, confirmations and test tokens with their starting USD prices. */
export type DevChainSpec = typeof devChain & {
  /** Absent: hardhat. */
  client?: DevClient;
  /** Interval mining: a block every so many milliseconds, transactions wait for it. Absent: automine (a block per transaction). */
  blockIntervalMs?: number;
};

/** config/dev-chain.json: the first dev chain, the default of every dev command and test. */
export const DEV_CHAIN: DevChainSpec = devChain;

/**
 * config/dev-chain-2.json: the second dev chain beside it, on geth in dev mode (chain id 1337, a block a second), with
 * its own name and confirmations, and the first chain's native asset and test tokens (deployed again there, at its own
 * addresses).
 */
export const SECOND_DEV_CHAIN: DevChainSpec = { ...devChain, ...secondDevChain, client: 'geth' };

export const DEV_CHAINS: readonly DevChainSpec[] = [DEV_CHAIN, SECOND_DEV_CHAIN];

/** Price feeds use Chainlink's USD convention: 8 decimals. */
export const FEED_DECIMALS = 8;

/** What the bankroll starts with, in whole units: of every token, and of the native asset (also what restoreGas puts back). */
export const BANKROLL_TOKEN_UNITS = '1000000';
export const BANKROLL_NATIVE_UNITS = '1000';
