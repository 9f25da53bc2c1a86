import type { Db } from '../adapters/db';
import type { Cursor } from '../domain/cursor';
import { NATIVE } from '../domain/reconcile';
import { Prisma, type TreasurySource, type TreasuryTopUp } from '../generated/prisma/client';

/** The treasury's rows: the service team's source addresses and the top-ups recorded from them. */

export type TopUpWithSource = TreasuryTopUp & { source: Pick<TreasurySource, 'address'> };

/** The active registration of an address on a chain, if any. */
export function activeSource(db: Db, chainId: number, address: string): Promise<TreasurySource | null> {
  return db.treasurySource.findFirst({ where: { chainId, address, removedAt: null } });
}

/** Registers a source; a concurrent registration of the same address fails with a unique violation. */
export function insertSource(db: Db, s: { chainId: number; address: string; addedBy: string }): Promise<TreasurySource> {
  return db.treasurySource.create({ data: s });
}

/** Marks a registration removed (kept: its top-ups point at it); null when it was removed meanwhile. */
export async function markSourceRemoved(db: Db, id: string, removedBy: string): Promise<TreasurySource | null> {
  const { count } = await db.treasurySource.updateMany({ where: { id, removedAt: null }, data: { removedAt: new Date(), removedBy } });
  return count === 0 ? null : db.treasurySource.findUniqueOrThrow({ where: { id } });
}

/** Active sources (of one chain or all), by chain then age. */
export function activeSources(db: Db, chainId?: number): Promise<TreasurySource[]> {
  return db.treasurySource.findMany({ where: { chainId, removedAt: null }, orderBy: [{ chainId: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }] });
}

/** Every registration, removed ones included (the history admins read), newest first. */
export function sourceHistory(db: Db, chainId?: number): Promise<TreasurySource[]> {
  return db.treasurySource.findMany({ where: { chainId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
}

/** True when the address is one of our deposit addresses (EVM or TRON form). */
export async function isDepositAddress(db: Db, address: string): Promise<boolean> {
  return (await db.depositAddress.count({ where: { OR: [{ address }, { tronAddress: address }] } })) > 0;
}

/** The top-ups recorded into one bankroll on one chain instance. */
export function recordedTopUps(db: Db, key: { chainId: number; genesisHash: string; bankroll: string }): Promise<TreasuryTopUp[]> {
  return db.treasuryTopUp.findMany({ where: { chainId: key.chainId, genesisHash: key.genesisHash, bankroll: key.bankroll } });
}

export type NewTopUp = Omit<TreasuryTopUp, 'id' | 'createdAt' | 'amount'> & { amount: bigint };

/** Records top-ups; one already recorded (a concurrent reconcile's) is kept as it is. */
export async function recordTopUps(db: Db, rows: NewTopUp[]): Promise<void> {
  if (rows.length === 0) return;
  await db.treasuryTopUp.createMany({ data: rows.map((r) => ({ ...r, amount: new Prisma.Decimal(r.amount.toString()) })), skipDuplicates: true });
}

/** Up to `take` top-ups after the cursor, newest first, with their source's address. */
export function topUpsPage(db: Db, filter: { chainId?: number }, after: Cursor | null, take: number): Promise<TopUpWithSource[]> {
  const cursor = after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {};
  return db.treasuryTopUp.findMany({
    where: { ...filter, ...cursor }, include: { source: { select: { address: true } } }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take,
  });
}

/** Symbol and decimals of each listed asset (a token contract, or `native`), keyed `<chainId>:<asset>`. */
export async function assetUnits(db: Db, keys: Array<{ chainId: number; asset: string }>): Promise<Map<string, { symbol: string; decimals: number }>> {
  const tokens = keys.filter((k) => k.asset !== NATIVE);
  const chainIds = [...new Set(keys.filter((k) => k.asset === NATIVE).map((k) => k.chainId))];
  const [tokenRows, chainRows] = await Promise.all([
    tokens.length ? db.token.findMany({ where: { OR: tokens.map((k) => ({ chainId: k.chainId, address: k.asset })) } }) : [],
    chainIds.length ? db.chain.findMany({ where: { chainId: { in: chainIds } } }) : [],
  ]);
  return new Map([
    ...tokenRows.map((t) => [`${t.chainId}:${t.address}`, { symbol: t.symbol, decimals: t.decimals }] as const),
    ...chainRows.map((c) => [`${c.chainId}:${NATIVE}`, { symbol: c.nativeSymbol, decimals: c.nativeDecimals }] as const),
  ]);
}
