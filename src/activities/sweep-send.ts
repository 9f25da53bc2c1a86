import { ApplicationFailure } from '@temporalio/activity';
import type { JsonRpcProvider } from 'ethers';
import { feePolicy } from '../chain/fee-policy';
import { broadcastStored, settleOutbound, type Receipt, type Settlement } from '../chain/outbound';
import { signOnce, type SignRequest } from '../chain/signing';
import { storedOutbound } from '../store/outbound-txs';
import { transferGas, type TransferCall } from '../chain/gas';
import { sweepGas, sweepPays, type SweepGas } from '../domain/dust';
import { PRICE_UNAVAILABLE, SWEEP_FAILED, SWEEP_UNPROFITABLE, TX_PENDING } from '../domain/failure-types';
import { gasCeiling } from '../store/gas-ceiling';
import { gasRefused } from './gas-refusal';
import { waiting } from './waiting';
import type { PricingOutboxWriterDeps } from './deps';

type SweepDeps = Pick<PricingOutboxWriterDeps, 'db' | 'config' | 'logger' | 'prices'>;

/**
 * A sweep-side transfer to sign: its gas limit is the node's estimate (domain/gas), taken when it is signed unless the
 * caller estimated it moments before in the same attempt (estimateSweepGas's `limits`).
 */
export type SendRequest = Omit<SignRequest, 'gasLimit'> & { gasLimit?: bigint };

/** What a sweep moves (raw units of an asset, null for native) and the gas it costs. */
export interface SweepTerms {
  chainId: number;
  tokenAddress: string | null;
  raw: bigint;
  decimals: number;
  gas: SweepGas;
}

/** How often a sweep's transfer is looked for in the chain while its activity waits for it. */
const RECEIPT_LOOK_MS = 500;

/**
 * Until the transaction has a receipt, or `ms` have passed, looking every RECEIPT_LOOK_MS: a call each time. ethers'
 * waitForTransaction asked the head every 250 ms and the receipt and the head again on each new block. `justSent`:
 * the first look is at once, since a node that mines on arrival (the dev chains, some rollup sequencers) already has
 * it, and a sweep's two or three transfers each waiting 500 ms first added a second to a deposit's credit.
 */
export async function receiptWithin(p: Pick<JsonRpcProvider, 'getTransactionReceipt'>, txHash: string, ms: number, justSent: boolean): Promise<Receipt | undefined> {
  const look = () => p.getTransactionReceipt(txHash).catch(() => null);
  if (justSent) {
    const receipt = await look();
    if (receipt) return receipt;
  }
  for (let waited = 0; waited < ms; waited += RECEIPT_LOOK_MS) {
    await new Promise((r) => setTimeout(r, Math.min(RECEIPT_LOOK_MS, ms - waited)));
    const receipt = await look();
    if (receipt) return receipt;
  }
}

/** The sweep side shared by deposit sweeps and aggregate dust sweeps. */
export function sweepSender(d: SweepDeps) {
  const policy = feePolicy(d.config);

  /** sweepPays at fresh prices of the asset and the native coin; null when either is unknown. */
  async function weigh(s: SweepTerms) {
    const [token, native, chain] = await Promise.all([
      d.prices.usdPrice({ chainId: s.chainId, tokenAddress: s.tokenAddress }),
      d.prices.usdPrice({ chainId: s.chainId, tokenAddress: null }),
      d.db.chain.findUniqueOrThrow({ where: { chainId: s.chainId } }),
    ]);
    if (!token || !native) return null;
    return sweepPays({ raw: s.raw, decimals: s.decimals, priceUsd: token.usd, costWei: s.gas.costWei, nativeDecimals: chain.nativeDecimals, nativePriceUsd: native.usd });
  }

  /**
   * The gas limit of a transfer from the node's estimate under the chain's ceiling. A transfer the node cannot estimate
   * or that passes the ceiling waits (retried after GAS_RECHECK_SECONDS), never signed to revert.
   */
  async function gasLimit(p: JsonRpcProvider, chainId: number, call: TransferCall): Promise<bigint> {
    const gas = await transferGas(p, call, await gasCeiling(d.db, chainId));
    if (!gas.ok) throw gasRefused(gas.reason, `transfer to ${call.to} from ${call.from} not signed`, d.config.GAS_RECHECK_SECONDS * 1000);
    return gas.gasLimit;
  }

  return {
    weigh,

    /**
     * What a sweep's gas costs at the node's estimates: `transfers` sent by the deposit address `from` (each counted at
     * the largest of their estimates), and the bankroll's top-up to it.
     */
    async estimateSweepGas(p: JsonRpcProvider, chainId: number, bankroll: string, from: string, transfers: Array<Omit<TransferCall, 'from'>>, maxFeePerGas: bigint): Promise<SweepGas & { limits: { topUp: bigint; transfers: bigint[] } }> {
      const limits = await Promise.all(transfers.map((t) => gasLimit(p, chainId, { from, ...t })));
      const topUpGasLimit = await gasLimit(p, chainId, { from: bankroll, to: from });
      const transferGasLimit = limits.reduce((a, b) => (a > b ? a : b), 0n);
      return { ...sweepGas({ transfers: transfers.length, transferGasLimit, topUpGasLimit, maxFeePerGas }), limits: { topUp: topUpGasLimit, transfers: limits } };
    },

    /** Signs (once), broadcasts (re-pricing it if fees pass it by) and waits for one confirmation of a sweep-side transfer. */
    async sendAndWait(p: JsonRpcProvider, req: SendRequest): Promise<string> {
      // Estimated only before it is signed: once its transfer is done the estimate may fail (the balance has moved).
      let sent: string | null = null;
      if (!(await storedOutbound(d.db, req.purpose))) {
        const limit = req.gasLimit ?? (await gasLimit(p, req.chainId, { from: req.signer.address, to: req.to, data: req.data, value: req.value }));
        const signed = await signOnce(d.db, p, { ...req, gasLimit: limit }, policy);
        // Signed in this attempt, it is sent at once: a poll's reads (its receipt, the sender's mined count, the
        // latest block's fee) can tell nothing yet of a transaction no node has seen. A refusal is left to the poll.
        if (signed.status === 'SIGNED') sent = await broadcastStored(d.db, p, signed).then(() => signed.txHash, () => null);
      }
      let s: Settlement = sent ? { state: 'PENDING', txHash: sent, confirmations: 0, stuck: false } : await settleOutbound(d.db, p, req.purpose, req.signer, 1, policy);
      if (s.state === 'PENDING') {
        // Up to one poll interval for the receipt here: a retry would start a whole interval later, and a sweep's two or
        // three transfers would each add one to the deposit's credit.
        const seen = await receiptWithin(p, s.txHash, d.config.CHAIN_POLL_MS, sent !== null);
        s = await settleOutbound(d.db, p, req.purpose, req.signer, 1, policy, seen);
      }
      if (s.state === 'CONFIRMED') return s.txHash;
      if (s.state !== 'PENDING') throw ApplicationFailure.nonRetryable(`transaction ${s.txHash} ended ${s.state}`, SWEEP_FAILED);
      if (s.stuck) d.logger.warn('sweep transaction stuck', { purpose: req.purpose, txHash: s.txHash });
      throw waiting(TX_PENDING, `waiting for ${req.purpose} (${s.txHash})`);
    },

    /**
     * Waits (re-checked every PRICE_RETRY_SECONDS) while a sweep's gas would cost the bankroll as much as it recovers,
     * both valued now; an unknown price is a wait too, never a guess. Callers decide once, before the gas top-up is
     * signed, so a top-up is never stranded at the deposit address by a price that moved.
     */
    async assertSweepPays(what: string, s: SweepTerms): Promise<void> {
      const retryMs = d.config.PRICE_RETRY_SECONDS * 1000;
      const r = await weigh(s);
      if (!r) throw waiting(PRICE_UNAVAILABLE, `no fresh USD price to weigh ${what} against its gas`, retryMs);
      if (!r.pays) throw waiting(SWEEP_UNPROFITABLE, `${what} would cost ${r.costUsd.toFixed(6)} USD of gas for ${r.valueUsd.toFixed(6)} USD`, retryMs);
    },
  };
}
