import { RegistryInputError } from './registry-input';

/**
 * A treasury send or cold-address change the service team may not make as asked (an unregistered address, more than
 * the unreserved balance): the CLI answers it as a wrong call (exit 2) and nothing is written.
 */
export class TreasuryRefusal extends RegistryInputError {}

/** `native`, the asset key of a chain's native coin (as BankrollOpening.asset and Reservation.tokenAddress). */
export const NATIVE_ASSET = 'native';

/** What `treasury status` answers: the contract's four, and REQUESTED for the moment before the worker signs. */
export type TreasuryStatus = 'REQUESTED' | 'SIGNED' | 'BROADCAST' | 'CONFIRMED' | 'FAILED';

/**
 * A send's status from its row and its stored transaction: final states are the row's; a signed one is BROADCAST as
 * soon as its OutboundTx has been sent (the row is not written on each send).
 */
export function treasuryStatus(rowStatus: 'REQUESTED' | 'SIGNED' | 'CONFIRMED' | 'FAILED', outbound: { status: string } | null): TreasuryStatus {
  if (rowStatus !== 'SIGNED') return rowStatus;
  return outbound && outbound.status !== 'SIGNED' ? 'BROADCAST' : 'SIGNED';
}

/**
 * A send's status and hash as `treasury status`, the admins' list and the panel show them: the stored transaction's
 * hash follows its fee bumps (the mined candidate's once mined); before signing, the row's. `stuck`: signed or sent,
 * not yet final, and marked stuck by the payout's fee-bump check.
 */
export function treasurySendState(
  row: { status: 'REQUESTED' | 'SIGNED' | 'CONFIRMED' | 'FAILED'; txHash: string | null },
  outbound: { status: string; txHash: string; stuckAt?: Date | null } | null,
): { status: TreasuryStatus; txHash: string | null; stuck: boolean } {
  const stuck = (outbound?.status === 'SIGNED' || outbound?.status === 'BROADCAST') && outbound.stuckAt != null;
  return { status: treasuryStatus(row.status, outbound), txHash: outbound?.txHash ?? row.txHash, stuck };
}

/** A registered cold address as the CLI and the admins see it. The row of an active one was last written by its
 * (re)registration, so `updatedAt` is when it was added: a removed and re-added address shows the second time. */
export const coldAddressView = (c: { chainId: number; address: string; addedBy: string; updatedAt: Date }) => ({
  chainId: c.chainId, address: c.address, addedBy: c.addedBy, addedAt: c.updatedAt.toISOString(),
});

/** A send's amount in raw units: positive, with no more decimals than the asset has. */
export function treasuryAmountRaw(amount: string, decimals: number): bigint {
  const [whole, fraction = ''] = amount.split('.');
  if (!/^\d+(\.\d+)?$/.test(amount) || fraction.length > decimals) {
    throw new RegistryInputError(`--amount: expected a positive decimal with at most ${decimals} decimals, got "${amount}"`);
  }
  const raw = BigInt(whole! + fraction.padEnd(decimals, '0'));
  if (raw === 0n) throw new RegistryInputError('--amount: must be more than 0');
  return raw;
}

/** A send the bankroll cannot fund on top of every active reservation (src/store/liquidity.ts): refused, not queued. */
export const insufficientLiquidity = (symbol: string) =>
  new TreasuryRefusal(`the amount is more than the bankroll's unreserved ${symbol}: payouts in flight keep their reservations`);
