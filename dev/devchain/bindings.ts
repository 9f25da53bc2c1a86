import { Contract, type ContractRunner, type ContractTransactionResponse } from 'ethers';

/**
 * Typed views of the dev contracts for the calls this module makes. Human-readable ABIs, so talking to a deployed
 * contract does not need the one-second compile; they mirror ./contracts/*.sol.
 */
type Tx = Promise<ContractTransactionResponse>;

export interface TestToken {
  name(): Promise<string>;
  symbol(): Promise<string>;
  decimals(): Promise<bigint>;
  balanceOf(owner: string): Promise<bigint>;
  mint(to: string, amount: bigint): Tx;
  transfer(to: string, amount: bigint): Tx;
}

export interface RoundData {
  roundId: bigint;
  answer: bigint;
  startedAt: bigint;
  updatedAt: bigint;
  answeredInRound: bigint;
}

export interface PriceFeed {
  decimals(): Promise<bigint>;
  latestRoundData(): Promise<RoundData>;
  updateAnswer(answer: bigint): Tx;
  updateRoundData(roundId: bigint, answer: bigint, timestamp: bigint, startedAt: bigint): Tx;
}

const TOKEN_ABI = [
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function balanceOf(address owner) view returns (uint256)',
  'function mint(address to, uint256 amount)',
  'function transfer(address to, uint256 amount) returns (bool)',
];

const FEED_ABI = [
  'function decimals() view returns (uint8)',
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
  'function updateAnswer(int256 answer)',
  'function updateRoundData(uint80 roundId, int256 answer, uint256 timestamp, uint256 startedAt)',
];

// ethers builds the methods from the ABI at run time; the casts state which ones the ABI above provides.
export function testToken(address: string, runner: ContractRunner): TestToken {
  return new Contract(address, TOKEN_ABI, runner) as unknown as TestToken;
}

export function priceFeed(address: string, runner: ContractRunner): PriceFeed {
  return new Contract(address, FEED_ABI, runner) as unknown as PriceFeed;
}
