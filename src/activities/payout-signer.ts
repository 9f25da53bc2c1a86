import { ApplicationFailure } from '@temporalio/activity';
import { signOnce } from '../chain/signing';
import { feePolicy } from '../chain/fee-policy';
import { PAYOUT_NOT_PRICED } from '../domain/failure-types';
import { payoutPurpose } from '../domain/keys';
import { storedOutbound } from '../store/outbound-txs';
import type { Withdrawal } from '../generated/prisma/client';
import type { SigningOutboxWriterDeps } from './deps';
import { gasRefused } from './gas-refusal';
import { holdForGas, payoutCall, payoutGas } from './payout-gas';
import { tronPayouts } from './tron-payouts';

/**
 * Signs a withdrawal's payout once (nonce, bytes and hash stored before any broadcast); answers the stored hash. The
 * gas limit is the node's estimate (domain/gas), kept in the signed bytes, so a re-broadcast or a fee bump keeps it.
 * An estimate that fails or passes the chain's ceiling signs nothing: the reason goes on the withdrawal and the
 * failure (its type the reason, retryable) to the caller, which holds the payout (gasRefusalOf).
 */
export function payoutSigner(d: SigningOutboxWriterDeps): (w: Withdrawal) => Promise<string> {
  const policy = feePolicy(d.config);
  const tron = tronPayouts(d);
  return async (w) => {
    if (w.cryptoAmountRaw === null) throw ApplicationFailure.nonRetryable('payout has no priced amount', PAYOUT_NOT_PRICED);
    const node = d.chains.tron(w.chainId);
    if (node) return tron.sign(node, w);
    const purpose = payoutPurpose(w.id);
    const signed = await storedOutbound(d.db, purpose);
    if (signed) return signed.txHash;
    const gas = await payoutGas(d, w);
    if (!gas.ok) {
      await holdForGas(d, w, gas.reason);
      throw gasRefused(gas.reason, `payout of ${w.id} not signed`, d.config.GAS_RECHECK_SECONDS * 1000);
    }
    const stored = await signOnce(d.db, d.chains.require(w.chainId), { chainId: w.chainId, purpose, signer: d.signers.bankroll, ...payoutCall(w), gasLimit: gas.gasLimit }, policy);
    return stored.txHash;
  };
}
