import { ApplicationFailure } from '@temporalio/activity';
import { ERC20 } from '../chain/erc20';
import { feePolicy } from '../chain/fee-policy';
import { transferGas } from '../chain/gas';
import { settleOutbound } from '../chain/outbound';
import { signOnce } from '../chain/signing';
import { settleTron } from '../chain/tron-outbound';
import { BANKROLL_NEEDS_GAS, NOT_CONFIRMED, PAYOUT_NOT_MINED, PAYOUT_REVERTED } from '../domain/failure-types';
import { treasuryPurpose } from '../domain/keys';
import { NATIVE_ASSET } from '../domain/treasury-sends';
import type { TreasuryTransfer } from '../generated/prisma/client';
import { gasCeiling } from '../store/gas-ceiling';
import { storedOutbound } from '../store/outbound-txs';
import { completeTreasuryTransfer, failTreasuryTransfer, markTreasurySigned, treasuryTransferToConfirm } from '../store/treasury-sends';
import type { ActivityDeps } from './deps';
import { tronTreasurySends } from './tron-treasury-sends';
import { waiting } from './waiting';

export type TreasuryActivityDeps = Pick<ActivityDeps, 'config' | 'db' | 'chains' | 'logger' | 'signers'>;

/** The bankroll's call that moves a send's amount: a token transfer(), or a plain value transfer of the native coin. */
const sendCall = (t: TreasuryTransfer) => {
  const raw = BigInt(t.amountRaw.toFixed(0));
  return t.asset === NATIVE_ASSET
    ? { to: t.toAddress, value: raw }
    : { to: t.asset, data: ERC20.encodeFunctionData('transfer', [t.toAddress, raw]) };
};

/** The treasury send's decision activities: sign once (stored before any broadcast), or end it unsent. */
export function createTreasuryActivities(d: TreasuryActivityDeps) {
  const policy = feePolicy(d.config);
  const tron = tronTreasurySends(d);
  return {
    /**
     * Signs the send's transfer once under purpose `treasury:<id>` (nonce, bytes and hash stored before broadcast, as
     * a payout) and moves the row to SIGNED; answers the stored hash. A retry finds the stored one. A send whose gas
     * estimate is refused, or that the bankroll's native coin cannot pay for now, is not signed (TREASURY_NOT_SIGNED).
     */
    async signTreasurySend(transferId: string): Promise<string> {
      const t = await d.db.treasuryTransfer.findUniqueOrThrow({ where: { id: transferId } });
      const purpose = treasuryPurpose(t.id);
      const signed = await storedOutbound(d.db, purpose);
      // Only a requested send is ever signed: a failed one's reservation is released (a workflow reset to before here).
      if (!signed && t.status !== 'REQUESTED') throw ApplicationFailure.nonRetryable(`treasury send ${t.id} is ${t.status}: not signed`, 'TREASURY_SEND_ENDED');
      const stored = signed ?? (await signSend(t, purpose));
      await markTreasurySigned(d.db, t.id, stored.txHash);
      d.logger.info('treasury send signed', { transferId, txHash: stored.txHash });
      return stored.txHash;
    },

    /** Ends a send that moved nothing (not signed, reverted, never mined): FAILED with the reason, reservation released. */
    async failTreasurySend(transferId: string, reason: string): Promise<void> {
      await failTreasuryTransfer(d.db, transferId, reason);
      d.logger.warn('treasury send failed', { transferId, reason });
    },
  };

  async function signSend(t: TreasuryTransfer, purpose: string) {
    const node = d.chains.tron(t.chainId);
    if (node) return tron.sign(node, t, purpose);
    const provider = d.chains.require(t.chainId);
    const call = sendCall(t);
    const gas = await transferGas(provider, { from: d.signers.bankroll.address, ...call }, await gasCeiling(d.db, t.chainId));
    if (!gas.ok) throw ApplicationFailure.nonRetryable(`treasury send ${t.id} not signed: ${gas.reason}`, gas.reason);
    const [balance, fees] = await Promise.all([provider.getBalance(d.signers.bankroll.address), provider.getFeeData()]);
    if (balance < gas.gasLimit * (fees.maxFeePerGas ?? 0n) + (call.value ?? 0n)) {
      throw ApplicationFailure.nonRetryable(`treasury send ${t.id} not signed: the bankroll lacks the native coin for it`, BANKROLL_NEEDS_GAS);
    }
    return signOnce(d.db, provider, { chainId: t.chainId, purpose, signer: d.signers.bankroll, ...call, gasLimit: gas.gasLimit }, policy);
  }
}

export type TreasuryActivities = ReturnType<typeof createTreasuryActivities>;

/**
 * confirmPayout's half for a treasury send (after its first send): waits for the chain's withdrawConfirmations of
 * whichever candidate is mined, re-broadcasting or replacing it at the same nonce meanwhile (settleOutbound, as a
 * payout), then completes the send: CONFIRMED and its reservation consumed, once. No operator hears of it.
 */
export function treasuryConfirmation(d: TreasuryActivityDeps) {
  const policy = feePolicy(d.config);
  return async (transferId: string): Promise<void> => {
    const t = await treasuryTransferToConfirm(d.db, transferId);
    if (t.status === 'CONFIRMED') return;
    const node = d.chains.tron(t.chainId);
    const s = node
      ? await settleTron(d.db, node, treasuryPurpose(t.id), t.withdrawConfirmations)
      : await settleOutbound(d.db, d.chains.require(t.chainId), treasuryPurpose(t.id), d.signers.bankroll, t.withdrawConfirmations, policy);
    if (s.state === 'REVERTED') throw ApplicationFailure.nonRetryable(`treasury send ${s.txHash} reverted`, PAYOUT_REVERTED);
    if (s.state !== 'PENDING' && s.state !== 'CONFIRMED') throw ApplicationFailure.nonRetryable(`treasury send ${s.txHash} can never be mined (${s.state})`, PAYOUT_NOT_MINED);
    if (s.state === 'PENDING') {
      if (s.stuck) d.logger.warn('treasury send stuck', { transferId, txHash: s.txHash });
      throw waiting(NOT_CONFIRMED, `treasury send ${s.txHash}: ${s.confirmations}/${t.withdrawConfirmations} confirmations`);
    }
    if (await completeTreasuryTransfer(d.db, t.id, s.txHash, new Date())) d.logger.info('treasury send confirmed', { transferId, txHash: s.txHash });
  };
}
