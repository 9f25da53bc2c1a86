import { ApplicationFailure } from '@temporalio/activity';
import { tronHex } from '../adapters/tron-address';
import type { TronNode } from '../adapters/tron-node';
import { ACTIVATION_SUN, feeLimitSun, transferEnergy, tronPrices, worstCaseSun } from '../chain/tron-fees';
import { signOnceTron } from '../chain/tron-outbound';
import { trc20TransferTx, trxTransferTx } from '../chain/tron-tx';
import { BANKROLL_NEEDS_GAS } from '../domain/failure-types';
import { NATIVE_ASSET } from '../domain/treasury-sends';
import type { OutboundTx, TreasuryTransfer } from '../generated/prisma/client';
import type { ActivityDeps } from './deps';

/**
 * A treasury send's TRON halves (decision 0042), with the EVM halves' contract: signed once by the bankroll's key in
 * TRON form (stored before any broadcast). The rest is the payout child's, as for a TRON withdrawal: the first send
 * and its wait for TRX (tron-payouts.ts `broadcast`), then settleTron (treasury-sends.ts `treasuryConfirmation`).
 */
export function tronTreasurySends(d: Pick<ActivityDeps, 'db' | 'signers'>) {
  return {
    /**
     * Signs the send once: a TRX transfer, or a TRC-20 transfer() with the fee_limit a TRON payout signs (a dry run
     * from the bankroll, +20%). Refused unsigned (BANKROLL_NEEDS_GAS, as on EVM) when the bankroll's TRX does not cover
     * the fee_limit, the bandwidth, and for TRX the amount and a fresh address's activation.
     */
    async sign(node: TronNode, t: TreasuryTransfer, purpose: string): Promise<OutboundTx> {
      const signer = d.signers.tron.bankroll;
      const raw = BigInt(t.amountRaw.toFixed(0));
      const native = t.asset === NATIVE_ASSET;
      const prices = await tronPrices(node);
      const feeLimit = native ? 0n : feeLimitSun(await transferEnergy(node, t.asset, signer.address, t.toAddress, raw), prices);
      const activation = native && (await node.trxBalance(tronHex(t.toAddress))) === null ? ACTIVATION_SUN : 0n;
      const balance = await node.trxBalance(tronHex(signer.address));
      if (balance === null || balance < worstCaseSun(feeLimit, prices) + activation + (native ? raw : 0n)) {
        throw ApplicationFailure.nonRetryable(`treasury send ${t.id} not signed: the bankroll lacks the TRX for it`, BANKROLL_NEEDS_GAS);
      }
      return signOnceTron(d.db, node, {
        chainId: t.chainId, purpose, signer,
        build: (ref) => native
          ? trxTransferTx({ from: signer.address, to: t.toAddress, sun: raw }, ref)
          : trc20TransferTx({ from: signer.address, token: t.asset, to: t.toAddress, raw, feeLimitSun: feeLimit }, ref),
      });
    },
  };
}
