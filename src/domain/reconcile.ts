/**
 * Pure rules of reconcile: how the bankroll's books are summed and what makes an on-chain transfer match a record.
 * Addresses are compared lower-cased; amounts are raw units (bigint).
 */

/** The asset key of a chain's native coin (tokens are keyed by their contract address). */
export const NATIVE = 'native';

/** A movement of one bankroll asset, mined in `block`; booked when its transaction is final in our records. */
export interface Movement {
  asset: string;
  raw: bigint;
  block: number;
  booked: boolean;
}

export interface Opening {
  asset: string;
  balance: bigint;
  blockNumber: number;
}

export interface AssetBooks {
  /** opening + booked movements mined after the opening block, up to the block read. */
  books: bigint;
  /** Movements already mined but not final in our records (payouts waiting for confirmations). */
  pending: bigint;
  /** onChain − books − pending: zero when every unit is accounted for. */
  difference: bigint;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The books of one asset as of block `asOf`. Only movements mined after the opening was read count (the opening
 * already holds the earlier ones); movements mined after `asOf` are not in the balance read at `asOf` either.
 */
export function assetBooks(opening: Opening, movements: Movement[], onChain: bigint, asOf: number): AssetBooks {
  let books = opening.balance;
  let pending = 0n;
  for (const m of movements) {
    if (!same(m.asset, opening.asset) || m.block <= opening.blockNumber || m.block > asOf) continue;
    if (m.booked) books += m.raw;
    else pending += m.raw;
  }
  return { books, pending, difference: onChain - books - pending };
}

export interface TransferLog {
  /** The emitting token contract. */
  token: string;
  from: string;
  to: string;
  value: bigint;
}

export type PayoutProblem = 'PAYOUT_NOT_ON_CHAIN' | 'PAYOUT_REVERTED' | 'PAYOUT_TRANSFER_MISSING' | 'PAYOUT_TRANSFER_REPEATED';

/** What is wrong with a confirmed payout's transaction on chain, or null: mined, succeeded, exactly one matching Transfer. */
export function payoutProblem(expected: TransferLog, receipt: { status: number | null; transfers: TransferLog[] } | null): PayoutProblem | null {
  if (!receipt) return 'PAYOUT_NOT_ON_CHAIN';
  if (receipt.status !== 1) return 'PAYOUT_REVERTED';
  const matching = receipt.transfers.filter(
    (t) => same(t.token, expected.token) && same(t.from, expected.from) && same(t.to, expected.to) && t.value === expected.value,
  ).length;
  if (matching === 0) return 'PAYOUT_TRANSFER_MISSING';
  return matching > 1 ? 'PAYOUT_TRANSFER_REPEATED' : null;
}

/** Hashes recorded by more than one withdrawal, with the withdrawals that share each. */
export function sharedHashes(records: Array<{ id: string; hash: string }>): Array<{ hash: string; ids: string[] }> {
  const byHash = new Map<string, string[]>();
  for (const r of records) byHash.set(r.hash.toLowerCase(), [...(byHash.get(r.hash.toLowerCase()) ?? []), r.id]);
  return [...byHash].filter(([, ids]) => ids.length > 1).map(([hash, ids]) => ({ hash, ids }));
}

export type DepositEventProblem = 'DEPOSIT_EVENT_MISSING' | 'DEPOSIT_EVENT_REPEATED' | 'DEPOSIT_EVENT_NOT_CREDITED';

/** Every credited deposit has exactly one DEPOSIT event, and no event names a deposit that is not credited. */
export function depositEventProblems(credited: string[], eventDepositIds: string[]): Array<{ depositId: string; problem: DepositEventProblem }> {
  const counts = new Map<string, number>();
  for (const id of eventDepositIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  const creditedSet = new Set(credited);
  const problems: Array<{ depositId: string; problem: DepositEventProblem }> = [];
  for (const id of credited) {
    const n = counts.get(id) ?? 0;
    if (n !== 1) problems.push({ depositId: id, problem: n === 0 ? 'DEPOSIT_EVENT_MISSING' : 'DEPOSIT_EVENT_REPEATED' });
  }
  for (const id of counts.keys()) if (!creditedSet.has(id)) problems.push({ depositId: id, problem: 'DEPOSIT_EVENT_NOT_CREDITED' });
  return problems;
}

/** A deposit transfer as seen on chain: a token Transfer log (with its index) or a native value transfer. */
export type SeenTransfer = { kind: 'token'; logIndex: number; log: TransferLog } | { kind: 'native'; to: string; value: bigint };

/** True when a DEPOSIT event's transfer is on chain: into the deposit address, for the gross amount, of its asset. */
export function depositTransferMatches(expected: { token: string | null; to: string; gross: bigint; logIndex: number }, seen: SeenTransfer[]): boolean {
  return seen.some((s) =>
    s.kind === 'native'
      ? expected.token === null && same(s.to, expected.to) && s.value === expected.gross
      : expected.token !== null && s.logIndex === expected.logIndex && same(s.log.token, expected.token) && same(s.log.to, expected.to) && s.log.value === expected.gross,
  );
}

/** The blocks to read for an asset's unexplained transfers: after its opening, up to `asOf`, the newest `max` of them. */
export function scanRange(openingBlock: number, asOf: number, max: number): { from: number; to: number } | null {
  const from = Math.max(openingBlock + 1, asOf - max + 1);
  return from > asOf ? null : { from, to: asOf };
}

/** How many runs in a row, newest first, found a difference: 0 when the newest was ok. */
export function failingStreak(newestFirst: boolean[]): number {
  const i = newestFirst.indexOf(true);
  return i === -1 ? newestFirst.length : i;
}
