import type { Db } from '../adapters/db';
import { FIAT_CODE_RE } from '../domain/money';
import { checkBoundsOrder, checkedBound, checkedHeartbeat, registryAddress, RegistryInputError } from '../domain/registry-input';
import type { FiatFeed, Prisma } from '../generated/prisma/client';
import { bound } from './chain-admin';

/**
 * The fiat feeds registry (`fiat add|update|remove|list`, docs/chains.md "Fiat rates"): which Chainlink-style
 * `<currency>/USD` feed, on which registered chain, prices a platform currency, with its heartbeat and bounds.
 */

export interface FiatFeedFields {
  chainId: number;
  feed: string;
  heartbeat: number | null;
  minAnswer: string | null;
  maxAnswer: string | null;
}

export function fiatFeedView(f: FiatFeed) {
  return { currency: f.currency, chainId: f.chainId, feed: f.feed, heartbeat: f.heartbeat, minAnswer: bound(f.minAnswer), maxAnswer: bound(f.maxAnswer) };
}

function checkedCurrency(code: string): string {
  if (!FIAT_CODE_RE.test(code)) throw new RegistryInputError(`currency: expected a 3-letter upper-case code such as EUR, got "${code}"`);
  if (code === 'USD') throw new RegistryInputError('currency: USD is always 1 and has no feed');
  return code;
}

/** The checked column values of the given fields; the feed's address form follows its chain's type. */
async function fiatData(db: Db, f: Partial<FiatFeedFields>, chainIdNow?: number): Promise<Prisma.FiatFeedUncheckedUpdateInput> {
  const chainId = f.chainId ?? chainIdNow;
  const chain = chainId === undefined ? null : await db.chain.findUnique({ where: { chainId } });
  if (chainId !== undefined && !chain) throw new RegistryInputError(`chain ${chainId} is not registered (see GET /chain)`);
  if (f.chainId !== undefined && f.feed === undefined) throw new RegistryInputError('a feed on another chain needs its --feed address there');
  return {
    ...(f.chainId !== undefined ? { chainId: f.chainId } : {}),
    ...(f.feed !== undefined ? { feed: registryAddress(chain!.type, f.feed, 'feed') } : {}),
    ...(f.heartbeat !== undefined ? { heartbeat: checkedHeartbeat(f.heartbeat, 'heartbeat') } : {}),
    ...(f.minAnswer !== undefined ? { minAnswer: checkedBound(f.minAnswer, 'min answer') } : {}),
    ...(f.maxAnswer !== undefined ? { maxAnswer: checkedBound(f.maxAnswer, 'max answer') } : {}),
  };
}

export async function addFiatFeed(db: Db, currency: string, f: FiatFeedFields) {
  const code = checkedCurrency(currency);
  if (await db.fiatFeed.findUnique({ where: { currency: code } })) throw new RegistryInputError(`${code} already has a feed (use fiat update)`);
  const data = await fiatData(db, f);
  checkBoundsOrder(f.minAnswer, f.maxAnswer, `${code} feed`);
  return fiatFeedView(await db.fiatFeed.create({ data: { ...(data as Prisma.FiatFeedUncheckedCreateInput), currency: code } }));
}

export async function updateFiatFeed(db: Db, currency: string, changes: Partial<FiatFeedFields>) {
  const current = await registeredFiatFeed(db, currency);
  const data = await fiatData(db, changes, current.chainId);
  const after = (given: string | null | undefined, stored: Prisma.Decimal | null) => (given === undefined ? bound(stored) : given);
  checkBoundsOrder(after(changes.minAnswer, current.minAnswer), after(changes.maxAnswer, current.maxAnswer), `${current.currency} feed`);
  return fiatFeedView(await db.fiatFeed.update({ where: { currency: current.currency }, data }));
}

/** Without a feed the currency is priced from FX_RATES in dev and tests, and is unknown in production. */
export async function removeFiatFeed(db: Db, currency: string) {
  const current = await registeredFiatFeed(db, currency);
  await db.fiatFeed.delete({ where: { currency: current.currency } });
  return { currency: current.currency, removed: true };
}

export async function listFiatFeeds(db: Db) {
  return { fiatFeeds: (await db.fiatFeed.findMany({ orderBy: { currency: 'asc' } })).map(fiatFeedView) };
}

async function registeredFiatFeed(db: Db, currency: string): Promise<FiatFeed> {
  const feed = await db.fiatFeed.findUnique({ where: { currency: checkedCurrency(currency) } });
  if (!feed) throw new RegistryInputError(`${currency} has no fiat feed (see fiat list)`);
  return feed;
}
