import { Interface } from 'ethers';

/** The slice of ERC-20 the gateway uses: Transfer logs in, transfer() out, balances. */
export const ERC20 = new Interface([
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
]);

export const TRANSFER_TOPIC = ERC20.getEvent('Transfer')!.topicHash;

/** Gas limits we sign with: generous for the test token and common ERC-20s, exact for a plain value transfer. */
export const GAS_LIMIT = { erc20Transfer: 100_000n, nativeTransfer: 21_000n } as const;
