import { ApplicationFailure } from '@temporalio/activity';
import type { TronNode } from '../adapters/tron-node';
import type { TronSigner } from '../chain/signer';
import { ACTIVATION_SUN, feeLimitSun, transferEnergy, tronPrices, worstCaseSun, TX_BYTES_BUDGET } from '../chain/tron-fees';
import { broadcastStoredTron, settleTron, signOnceTron } from '../chain/tron-outbound';
import { trc20TransferTx, trxTransferTx, type RefBlock, type TronTx } from '../chain/tron-tx';
import { feePurpose, gasPurpose, PURPOSE, sweepPurpose } from '../domain/keys';
import { SWEEP_FAILED, TX_PENDING } from '../domain/failure-types';
import type { Deposit } from '../generated/prisma/client';
import { sweepSender } from './sweep-send';
import { waiting } from './waiting';
import type { PricingOutboxWriterDeps, SigningOutboxWriterDeps } from './deps';

type DepositActivityDeps = PricingOutboxWriterDeps & Pick<SigningOutboxWriterDeps, 'signers'>;

/**
 * A TRC-20 deposit's sweep on TRON, the way TRON gateways pay for it: the bankroll sends the deposit address the TRX
 * its transfers will burn for energy and bandwidth (a deposit address holds no TRX and stakes none), then the address
 * sends the net amount to the bankroll and the fee to the fee wallet. Each transaction is signed once.
 */
export function tronSweeper(d: DepositActivityDeps) {
  const { assertSweepPays } = sweepSender(d);

  /** Signs (once), broadcasts and waits for the transaction to be in a block; a failed or expired one ends the sweep. */
  async function sendAndWait(node: TronNode, chainId: number, purpose: string, signer: TronSigner, build: (ref: RefBlock) => TronTx): Promise<string> {
    const stored = await signOnceTron(d.db, node, { chainId, purpose, signer, build });
    if (stored.status === 'SIGNED') await broadcastStoredTron(d.db, node, stored);
    const s = await settleTron(d.db, node, purpose, 1);
    if (s.state === 'CONFIRMED') return s.txHash;
    if (s.state !== 'PENDING') throw ApplicationFailure.nonRetryable(`transaction ${s.txHash} ended ${s.state}`, SWEEP_FAILED);
    throw waiting(TX_PENDING, `waiting for ${purpose} (${s.txHash})`);
  }

  return async function sweepTron(dep: Deposit, node: TronNode): Promise<string> {
    if (!dep.tokenAddress) throw ApplicationFailure.nonRetryable('native TRX deposits are not swept', SWEEP_FAILED);
    const token = dep.tokenAddress;
    const owner = await d.db.depositAddress.findUniqueOrThrow({ where: { tronAddress: dep.depositAddress } });
    const from = d.signers.tron.depositAddress(owner.hdIndex);
    const bankroll = d.signers.tron.bankroll;
    const transfers = [
      { purpose: sweepPurpose(dep.id), to: bankroll.address, raw: BigInt(dep.amount!.toFixed(0)) },
      { purpose: feePurpose(dep.id), to: d.signers.tron.feeWalletAddress, raw: BigInt(dep.feeAmount!.toFixed(0)) },
    ].filter((t) => t.raw > 0n);
    const prices = await tronPrices(node);
    // Each transfer's fee_limit comes from a dry run now; the top-up covers every transfer's worst case.
    const limits = await Promise.all(transfers.map(async (t) => feeLimitSun(await transferEnergy(node, token, from.address, t.to, t.raw), prices)));
    const topUpSun = limits.reduce((sum, l) => sum + worstCaseSun(l, prices), 0n);
    if (!(await d.db.outboundTx.findUnique({ where: { purpose: gasPurpose(dep.id) } }))) {
      // What the bankroll gives up: the top-up, its activation fee and its own bandwidth, valued like EVM gas.
      const costSun = topUpSun + ACTIVATION_SUN + TX_BYTES_BUDGET * prices.bandwidthSun;
      await assertSweepPays(`sweeping deposit ${dep.id}`, { chainId: dep.chainId, tokenAddress: token, raw: BigInt(dep.grossAmount.toFixed(0)), decimals: dep.decimals, gas: { topUpWei: topUpSun, costWei: costSun } });
    }
    await sendAndWait(node, dep.chainId, gasPurpose(dep.id), bankroll, (ref) => trxTransferTx({ from: bankroll.address, to: from.address, sun: topUpSun }, ref));
    let sweepHash = '';
    for (const [i, t] of transfers.entries()) {
      const hash = await sendAndWait(node, dep.chainId, t.purpose, from, (ref) => trc20TransferTx({ from: from.address, token, to: t.to, raw: t.raw, feeLimitSun: limits[i]! }, ref));
      if (t.purpose.startsWith(PURPOSE.sweep)) sweepHash = hash;
    }
    return sweepHash;
  };
}
