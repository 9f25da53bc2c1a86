import Decimal from 'decimal.js';
import type { Db } from '../adapters/db';
import { hotWalletLock } from '../domain/keys';
import { registryAddress, RegistryInputError } from '../domain/registry-input';
import { TreasuryRefusal } from '../domain/treasury-sends';
import { Prisma, type Chain } from '../generated/prisma/client';
import { lockKey } from '../store/advisory-locks';
import { lockColdAddress } from '../store/treasury-sends';

/** A chain's hot-wallet ceiling: set (the USD ceiling and the registered cold address the excess goes to), or off. */
export type HotWalletPolicy = { maxUsd: string; coldAddress: string } | 'off';

/** The policy as the CLI prints it: null when off. */
export const hotWalletView = (c: Pick<Chain, 'chainId' | 'hotMaxUsd' | 'hotColdAddress'>) =>
  c.hotMaxUsd === null || c.hotColdAddress === null ? null : { chainId: c.chainId, maxUsd: new Decimal(c.hotMaxUsd.toString()).toFixed(), coldAddress: c.hotColdAddress };

/** A ceiling in USD: positive, at most 6 decimals (the USD ledger's). */
function checkedMaxUsd(value: string): Prisma.Decimal {
  if (!/^\d+(\.\d{1,6})?$/.test(value) || new Decimal(value).lte(0)) throw new RegistryInputError(`--hot-max-usd: expected a positive USD amount with at most 6 decimals, or off, got "${value}"`);
  return new Prisma.Decimal(value);
}

/**
 * `chain update ID --hot-max-usd X --cold-address A` (or `--hot-max-usd off`), in the caller's transaction: the cold
 * address must be a registered one of that chain (its row held FOR SHARE until the commit, so a removal waits).
 * Under the chain's hot-wallet lock, so an "off" that has returned is never followed by a send on the old ceiling.
 * Answers the policy.
 */
export async function setHotWallet(tx: Prisma.TransactionClient, chainId: number, policy: HotWalletPolicy) {
  // A check deciding now finishes first; every check after the commit decides on the new policy (store/hot-wallet.ts).
  await lockKey(tx, hotWalletLock(chainId));
  const chain = await tx.chain.findUnique({ where: { chainId } });
  if (!chain) throw new RegistryInputError(`chain ${chainId} is not registered (see GET /chain)`);
  if (policy === 'off') return hotWalletView(await tx.chain.update({ where: { chainId }, data: { hotMaxUsd: null, hotColdAddress: null } }));
  if (chain.type !== 'EVM') throw new TreasuryRefusal(`the hot-wallet ceiling on ${chain.type} chains is not supported yet`);
  const maxUsd = checkedMaxUsd(policy.maxUsd);
  const cold = registryAddress(chain.type, policy.coldAddress, '--cold-address');
  if (!(await lockColdAddress(tx, chainId, cold))) throw new TreasuryRefusal(`--cold-address: ${cold} is not a registered cold address on chain ${chainId} (treasury cold add)`);
  return hotWalletView(await tx.chain.update({ where: { chainId }, data: { hotMaxUsd: maxUsd, hotColdAddress: cold } }));
}

/** The chains with a ceiling set (of one chain, or all), for `treasury list`. */
export async function hotWalletPolicies(db: Db, chainId?: number) {
  const chains = await db.chain.findMany({ where: { hotMaxUsd: { not: null }, ...(chainId === undefined ? {} : { chainId }) }, orderBy: { chainId: 'asc' } });
  return chains.map(hotWalletView);
}
