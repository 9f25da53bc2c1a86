import { parseUnits } from 'ethers';
import type { Db } from '../adapters/db';
import { Prisma } from '../generated/prisma/client';

/** A chain and its tokens as the registry stores them (the dev chain's comes from its deploy). */
export interface ChainSpec {
  chainId: number;
  name: string;
  type: 'EVM' | 'TRON';
  nativeSymbol: string;
  nativeDecimals: number;
  nativePriceFeed: string | null;
  /** Token units; a transfer below it is dust. Absent: no minimum. */
  nativeMinDeposit?: string;
  depositConfirmations: number;
  withdrawConfirmations: number;
  tokens: Array<{ symbol: string; displaySymbol: string; name: string; decimals: number; address: string; priceFeed: string | null; minDeposit?: string; active?: boolean }>;
}

/**
 * The heartbeat the dev chains' feeds are registered with: like Chainlink's stablecoin feeds, a round stays fresh for a
 * day (plus the margin), since nothing posts heartbeat rounds on a dev chain; `dev price` writes a new round.
 */
export const DEV_FEED_HEARTBEAT_SECONDS = 86_400;

/**
 * Writes a chain and its tokens into the registry. Tokens of the chain not in the spec are deactivated, never
 * deleted: deposits and withdrawals keep pointing at them. A redeploy of the dev chain replaces the addresses.
 */
export async function upsertChain(db: Db, spec: ChainSpec, opts: { isDev: boolean }): Promise<void> {
  const chain = {
    name: spec.name,
    type: spec.type,
    nativeSymbol: spec.nativeSymbol,
    nativeDecimals: spec.nativeDecimals,
    nativePriceFeed: spec.nativePriceFeed,
    nativeFeedHeartbeat: opts.isDev ? DEV_FEED_HEARTBEAT_SECONDS : null,
    nativeMinDepositRaw: minRaw(spec.nativeMinDeposit, spec.nativeDecimals),
    depositConfirmations: spec.depositConfirmations,
    withdrawConfirmations: spec.withdrawConfirmations,
    active: true,
    isDev: opts.isDev,
  };
  await db.$transaction(async (tx) => {
    await tx.chain.upsert({ where: { chainId: spec.chainId }, create: { chainId: spec.chainId, ...chain }, update: chain });
    // A dev redeploy puts the same symbols at new addresses: the old rows stay, inactive.
    await tx.token.updateMany({
      where: { chainId: spec.chainId, address: { notIn: spec.tokens.map((t) => t.address) } },
      data: { active: false },
    });
    for (const t of spec.tokens) {
      const data = {
        symbol: t.symbol, displaySymbol: t.displaySymbol, name: t.name, decimals: t.decimals, priceFeed: t.priceFeed,
        feedHeartbeat: opts.isDev ? DEV_FEED_HEARTBEAT_SECONDS : null, minDepositRaw: minRaw(t.minDeposit, t.decimals), active: t.active ?? true,
      };
      await tx.token.upsert({
        where: { chainId_address: { chainId: spec.chainId, address: t.address } },
        create: { chainId: spec.chainId, address: t.address, ...data },
        update: data,
      });
    }
    // A few rows at a start (the launcher, the CLI, each test file's setup), nobody waiting on them but the caller: on a
    // saturated machine (CI, 2 cores) these statements took 6.5 s and 23 s, past Prisma's 5 s default, and the start
    // failed.
  }, { timeout: 60_000 });
}

/** A minimum deposit in token units as the registry stores it: raw units, 0 when none is configured. */
function minRaw(units: string | undefined, decimals: number): Prisma.Decimal {
  return new Prisma.Decimal(units ? parseUnits(units, decimals).toString() : '0');
}
