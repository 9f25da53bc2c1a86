import { AbiCoder } from 'ethers';
import { tronHex } from './tron-address';
import type { TronNode } from './tron-node';

/**
 * A Chainlink-style feed on TRON (Chainlink publishes AggregatorV3 feeds there, read like any TRC contract): decimals()
 * and latestRoundData() through triggerconstantcontract, with the node's latest block time as "now".
 */
export async function tronFeedRound(node: TronNode, feed: string): Promise<{ decimals: bigint; answer: bigint; updatedAt: bigint; nowSeconds: number }> {
  const abi = AbiCoder.defaultAbiCoder();
  const [decimals, round, head] = await Promise.all([node.constant(tronHex(feed), '313ce567'), node.constant(tronHex(feed), 'feaf968c'), node.nowBlock()]);
  const [, answer, , updatedAt] = abi.decode(['uint80', 'int256', 'uint256', 'uint256', 'uint80'], '0x' + round.result) as unknown as bigint[];
  return { decimals: BigInt('0x' + decimals.result), answer: answer!, updatedAt: updatedAt!, nowSeconds: head.block_header.raw_data.timestamp / 1000 };
}
