import { zeroPadValue, type JsonRpcProvider } from 'ethers';
import { ERC20, TRANSFER_TOPIC } from '../chain/erc20';
import { NATIVE, type Opening } from '../domain/reconcile';
import { transferKey } from '../domain/treasury';
import type { Difference } from './report';

/**
 * Token transfers out of and into the bankroll, after each asset's opening block up to `asOf`, that no payout or
 * sweep explains (by transaction), nor a treasury top-up (by log): tokens paid by something that is not a payout, or
 * received outside a sweep from an address that is not a treasury source. The balance check sees their sum; this
 * names the transactions.
 */
export async function unbookedTransfers(
  provider: JsonRpcProvider,
  chainId: number,
  bankroll: string,
  openings: Opening[],
  asOf: number,
  explained: { out: Set<string>; in: Set<string>; topUps: Set<string> },
): Promise<Difference[]> {
  const differences: Difference[] = [];
  const me = zeroPadValue(bankroll, 32);
  for (const o of openings.filter((x) => x.asset !== NATIVE && x.blockNumber < asOf)) {
    const range = { address: o.asset, fromBlock: o.blockNumber + 1, toBlock: asOf };
    const [out, into] = await Promise.all([
      provider.getLogs({ ...range, topics: [TRANSFER_TOPIC, me] }),
      provider.getLogs({ ...range, topics: [TRANSFER_TOPIC, null, me] }),
    ]);
    const report = (kind: string, known: Set<string>) => (log: (typeof out)[number]) => {
      if (known.has(log.transactionHash.toLowerCase()) || explained.topUps.has(transferKey(log.transactionHash, log.index))) return;
      const { args } = ERC20.parseLog(log)!;
      differences.push({ chainId, kind, asset: o.asset, txHash: log.transactionHash, from: args.from as string, to: args.to as string, value: String(args.value) });
    };
    out.forEach(report('UNBOOKED_TRANSFER_OUT', explained.out));
    into.forEach(report('UNBOOKED_TRANSFER_IN', explained.in));
  }
  return differences;
}
