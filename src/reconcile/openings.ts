import { Contract, type JsonRpcProvider } from 'ethers';
import type { Db } from '../adapters/db';
import { ERC20 } from '../chain/erc20';
import { NATIVE, type Opening } from '../domain/reconcile';

export interface BankrollBooks {
  chainId: number;
  genesisHash: string;
  bankroll: string;
}

/** The bankroll's raw balance of one asset at a block (a recent block: any node, archive or not, still has it). */
export async function balanceAt(provider: JsonRpcProvider, bankroll: string, asset: string, blockTag: number): Promise<bigint> {
  if (asset === NATIVE) return provider.getBalance(bankroll, blockTag);
  return (await new Contract(asset, ERC20, provider).getFunction('balanceOf')(bankroll, { blockTag })) as bigint;
}

/**
 * The opening balance of each asset of a chain instance, read and stored the first time it is asked for (at the
 * worker's first start on the instance, before it signs anything, or at the first reconcile). Every asset missing
 * one is read at one block; a concurrent writer's row wins (unique key), so the opening never moves.
 */
export async function ensureOpenings(db: Db, provider: JsonRpcProvider, key: BankrollBooks, assets: string[]): Promise<Opening[]> {
  return ensureOpeningsWith(db, key, assets, async (missing) => {
    const blockNumber = await provider.getBlockNumber();
    return { blockNumber, balances: await Promise.all(missing.map((asset) => balanceAt(provider, key.bankroll, asset, blockNumber))) };
  });
}

/** ensureOpenings with the chain's own read of the missing assets' balances, all at one block (TRON's is not EVM's). */
export async function ensureOpeningsWith(
  db: Db,
  key: BankrollBooks,
  assets: string[],
  read: (missing: string[]) => Promise<{ blockNumber: number; balances: bigint[] }>,
): Promise<Opening[]> {
  const where = { chainId: key.chainId, genesisHash: key.genesisHash, address: key.bankroll };
  const stored = await db.bankrollOpening.findMany({ where });
  const missing = assets.filter((a) => !stored.some((s) => s.asset === a));
  if (missing.length > 0) {
    const { blockNumber, balances } = await read(missing);
    await db.bankrollOpening.createMany({
      data: missing.map((asset, i) => ({ ...where, asset, blockNumber, balance: balances[i]!.toString() })),
      skipDuplicates: true,
    });
  }
  const rows = missing.length > 0 ? await db.bankrollOpening.findMany({ where }) : stored;
  return rows.filter((r) => assets.includes(r.asset)).map((r) => ({ asset: r.asset, balance: BigInt(r.balance.toFixed(0)), blockNumber: r.blockNumber }));
}

/**
 * The assets the bankroll keeps books of on a chain instance: its native coin, every active token, and any token
 * deactivated since its opening was stored (its payouts still count).
 */
export async function bankrollAssets(db: Db, key: BankrollBooks): Promise<Array<{ asset: string; symbol: string }>> {
  const where = { chainId: key.chainId, genesisHash: key.genesisHash, address: key.bankroll };
  const [chain, opened] = await Promise.all([db.chain.findUniqueOrThrow({ where: { chainId: key.chainId } }), db.bankrollOpening.findMany({ where })]);
  const tokens = await db.token.findMany({
    where: { chainId: key.chainId, OR: [{ active: true }, { address: { in: opened.map((o) => o.asset) } }] },
    orderBy: { symbol: 'asc' },
  });
  return [{ asset: NATIVE, symbol: chain.nativeSymbol }, ...tokens.map((t) => ({ asset: t.address, symbol: t.symbol }))];
}
