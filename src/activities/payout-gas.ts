import { ERC20 } from '../chain/erc20';
import { transferGas } from '../chain/gas';
import type { GasRefusal, GasVerdict } from '../domain/gas';
import type { Withdrawal } from '../generated/prisma/client';
import { gasCeiling } from '../store/gas-ceiling';
import type { SigningOutboxWriterDeps } from './deps';

/** The bankroll's transfer() call that pays a withdrawal. */
export const payoutCall = (w: Withdrawal) => ({
  to: w.tokenAddress,
  data: ERC20.encodeFunctionData('transfer', [w.address, BigInt(w.cryptoAmountRaw!.toFixed(0))]),
});

type GasDeps = Pick<SigningOutboxWriterDeps, 'db' | 'chains' | 'signers'>;

/** The payout's gas limit from the node's estimate under the chain's ceiling (read unless given), or why it cannot be signed. */
export async function payoutGas(d: GasDeps, w: Withdrawal, ceiling?: number): Promise<GasVerdict> {
  const limit = ceiling === undefined ? await gasCeiling(d.db, w.chainId) : BigInt(ceiling);
  return transferGas(d.chains.require(w.chainId), { from: d.signers.bankroll.address, ...payoutCall(w) }, limit);
}

/** The most gas a transfer on the chain may be signed with (for a check that has no transfer to estimate). */
export async function chainCeiling(d: GasDeps, chainId: number): Promise<GasVerdict> {
  return { ok: true, gasLimit: await gasCeiling(d.db, chainId) };
}

/** Shows why a payout waits: heldReason for admins (GET /admin/withdrawals), and reasonCode for a headless intent. */
export async function holdForGas(d: GasDeps, w: Pick<Withdrawal, 'id' | 'mode'>, reason: GasRefusal): Promise<void> {
  await d.db.withdrawal.update({ where: { id: w.id }, data: { held: true, heldReason: reason, ...(w.mode === 'C' ? { reasonCode: reason } : {}) } });
}
