import type { TransactionReceipt } from 'ethers';
import { ERC20, TRANSFER_TOPIC } from '../chain/erc20';
import type { TransferLog } from '../domain/reconcile';

/** The ERC-20 Transfer logs of a receipt, with their log index. */
export function transferLogs(receipt: TransactionReceipt): Array<{ logIndex: number; log: TransferLog }> {
  return receipt.logs
    .filter((l) => l.topics[0] === TRANSFER_TOPIC && l.topics.length === 3)
    .map((l) => {
      const { args } = ERC20.parseLog(l)!;
      return { logIndex: l.index, log: { token: l.address, from: args.from as string, to: args.to as string, value: args.value as bigint } };
    });
}

