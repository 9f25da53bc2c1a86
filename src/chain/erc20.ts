import { Interface } from 'ethers';

/** The slice of ERC-20 the gateway uses: Transfer logs in, transfer() out, balances. */
export const ERC20 = new Interface([
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
]);

export const TRANSFER_TOPIC = ERC20.getEvent('Transfer')!.topicHash;
