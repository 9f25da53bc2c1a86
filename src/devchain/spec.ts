import devChain from '../../config/dev-chain.json';

/** config/dev-chain.json: the dev chain, its native asset and its test tokens, with their starting USD prices. */
export const DEV_CHAIN = devChain;

/** Price feeds use Chainlink's USD convention: 8 decimals. */
export const FEED_DECIMALS = 8;

/** What the bankroll starts with, in whole units: of every token, and of the native asset (also what restoreGas puts back). */
export const BANKROLL_TOKEN_UNITS = '1000000';
export const BANKROLL_NATIVE_UNITS = '1000';
