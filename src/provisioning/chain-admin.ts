import Decimal from 'decimal.js';
import type { Db } from '../adapters/db';
import { fromRawUnits } from '../domain/money';
import { checkedConfirmations, checkedDecimals, checkedGasCeiling, minDepositRaw, registryAddress, RegistryInputError, type ChainType } from '../domain/registry-input';
import { Prisma, type Chain, type Token } from '../generated/prisma/client';

/**
 * The service team's changes to the chain and token registry (`chain` and `token` CLI commands). Rows are never
 * deleted: deposits, withdrawals and reservations keep pointing at them, so a delisted chain or token is deactivated
 * and its history stays readable. No RPC URL is stored: a chain's RPC is the CHAIN_RPC_URLS entry under its id.
 */

/** The client or a transaction of it: a preset's chain and tokens are written together. */
export type RegistryDb = Db | Prisma.TransactionClient;

export interface ChainFields {
  name: string;
  nativeSymbol: string;
  nativeDecimals: number;
  /** Chainlink-style USD feed of the native asset; null: none (the native asset then has no price). */
  nativePriceFeed: string | null;
  /** Token units; "0" means no minimum. */
  nativeMinDeposit: string;
  depositConfirmations: number;
  withdrawConfirmations: number;
  /** The gas ceiling of one transfer (domain/gas); unset: the column's default. */
  maxGasPerTransfer?: number;
}

export interface NewChain extends ChainFields {
  chainId: number;
  type: ChainType;
  active: boolean;
}

export interface TokenFields {
  symbol: string;
  displaySymbol: string;
  name: string;
  decimals: number;
  priceFeed: string | null;
  minDeposit: string;
}

export interface NewToken extends TokenFields {
  chainId: number;
  address: string;
  active: boolean;
}

/** A chain as the CLI prints it (amounts in token units). */
export function chainView(c: Chain) {
  return {
    chainId: c.chainId, name: c.name, type: c.type, nativeSymbol: c.nativeSymbol, nativeDecimals: c.nativeDecimals,
    nativePriceFeed: c.nativePriceFeed, nativeMinDeposit: units(c.nativeMinDepositRaw, c.nativeDecimals),
    depositConfirmations: c.depositConfirmations, withdrawConfirmations: c.withdrawConfirmations, maxGasPerTransfer: c.maxGasPerTransfer, active: c.active, isDev: c.isDev,
  };
}

export function tokenView(t: Token) {
  return {
    chainId: t.chainId, address: t.address, symbol: t.symbol, displaySymbol: t.displaySymbol, name: t.name, decimals: t.decimals,
    priceFeed: t.priceFeed, minDeposit: units(t.minDepositRaw, t.decimals), active: t.active,
  };
}

/** Raw units as plain token units without trailing zeros ("1", "0.0005"). */
const units = (raw: Prisma.Decimal, decimals: number) => new Decimal(fromRawUnits(BigInt(raw.toFixed(0)), decimals)).toFixed();

/** The checked column values of a chain's (partial) fields; `type` decides the address form of the feed. */
function chainData(type: ChainType, f: Partial<ChainFields>, decimalsNow?: number): Prisma.ChainUpdateInput {
  const decimals = f.nativeDecimals === undefined ? decimalsNow : checkedDecimals(f.nativeDecimals, 'native decimals');
  if (f.nativeMinDeposit !== undefined && decimals === undefined) throw new RegistryInputError('native min deposit: the native decimals are needed');
  return {
    ...(f.name !== undefined ? { name: nonEmpty(f.name, 'name') } : {}),
    ...(f.nativeSymbol !== undefined ? { nativeSymbol: nonEmpty(f.nativeSymbol, 'native symbol') } : {}),
    ...(f.nativeDecimals !== undefined ? { nativeDecimals: decimals } : {}),
    ...(f.nativePriceFeed !== undefined ? { nativePriceFeed: f.nativePriceFeed === null ? null : registryAddress(type, f.nativePriceFeed, 'native price feed') } : {}),
    ...(f.nativeMinDeposit !== undefined ? { nativeMinDepositRaw: new Prisma.Decimal(minDepositRaw(f.nativeMinDeposit, decimals!, 'native min deposit')) } : {}),
    ...(f.depositConfirmations !== undefined ? { depositConfirmations: checkedConfirmations(f.depositConfirmations, 'deposit confirmations') } : {}),
    ...(f.withdrawConfirmations !== undefined ? { withdrawConfirmations: checkedConfirmations(f.withdrawConfirmations, 'withdraw confirmations') } : {}),
    ...(f.maxGasPerTransfer !== undefined ? { maxGasPerTransfer: checkedGasCeiling(f.maxGasPerTransfer) } : {}),
  };
}

function tokenData(type: ChainType, f: Partial<TokenFields>, decimalsNow?: number): Prisma.TokenUpdateInput {
  const decimals = f.decimals === undefined ? decimalsNow : checkedDecimals(f.decimals, 'decimals');
  return {
    ...(f.symbol !== undefined ? { symbol: nonEmpty(f.symbol, 'symbol') } : {}),
    ...(f.displaySymbol !== undefined ? { displaySymbol: nonEmpty(f.displaySymbol, 'display symbol') } : {}),
    ...(f.name !== undefined ? { name: nonEmpty(f.name, 'name') } : {}),
    ...(f.decimals !== undefined ? { decimals } : {}),
    ...(f.priceFeed !== undefined ? { priceFeed: f.priceFeed === null ? null : registryAddress(type, f.priceFeed, 'price feed') } : {}),
    ...(f.minDeposit !== undefined ? { minDepositRaw: new Prisma.Decimal(minDepositRaw(f.minDeposit, decimals!, 'min deposit')) } : {}),
  };
}

function nonEmpty(value: string, what: string): string {
  const v = value.trim();
  if (!v || v.length > 64) throw new RegistryInputError(`${what}: expected 1 to 64 characters`);
  return v;
}

export async function addChain(db: RegistryDb, c: NewChain) {
  if (!Number.isSafeInteger(c.chainId) || c.chainId < 1) throw new RegistryInputError(`chain id: expected a positive whole number, got ${c.chainId}`);
  if (await db.chain.findUnique({ where: { chainId: c.chainId } })) throw new RegistryInputError(`chain ${c.chainId} is already registered (use chain update)`);
  const data = chainData(c.type, c, c.nativeDecimals);
  const row = await db.chain.create({ data: { ...(data as Prisma.ChainCreateInput), chainId: c.chainId, type: c.type, active: c.active } });
  return chainView(row);
}

export async function updateChain(db: RegistryDb, chainId: number, changes: Partial<ChainFields>) {
  const chain = await registeredChain(db, chainId);
  const row = await db.chain.update({ where: { chainId }, data: chainData(chain.type, changes, chain.nativeDecimals) });
  return chainView(row);
}

/** An inactive chain is refused for new payments and deposits, hidden from choices, and not scanned; its history stays. */
export async function setChainActive(db: RegistryDb, chainId: number, active: boolean) {
  await registeredChain(db, chainId);
  return chainView(await db.chain.update({ where: { chainId }, data: { active } }));
}

export async function addToken(db: RegistryDb, t: NewToken) {
  const chain = await registeredChain(db, t.chainId);
  const address = registryAddress(chain.type, t.address, 'address');
  if (await db.token.findUnique({ where: { chainId_address: { chainId: t.chainId, address } } })) {
    throw new RegistryInputError(`token ${address} is already registered on chain ${t.chainId} (use token update)`);
  }
  const data = tokenData(chain.type, t, t.decimals) as Omit<Prisma.TokenUncheckedCreateInput, 'chainId' | 'address'>;
  return tokenView(await db.token.create({ data: { ...data, chainId: t.chainId, address, active: t.active } }));
}

export async function updateToken(db: RegistryDb, chainId: number, address: string, changes: Partial<TokenFields>) {
  const { chain, token } = await registeredToken(db, chainId, address);
  return tokenView(await db.token.update({ where: { id: token.id }, data: tokenData(chain.type, changes, token.decimals) }));
}

/** An inactive token is refused at headless create (400) and execute (409), hidden from choices, and not scanned. */
export async function setTokenActive(db: RegistryDb, chainId: number, address: string, active: boolean) {
  const { token } = await registeredToken(db, chainId, address);
  return tokenView(await db.token.update({ where: { id: token.id }, data: { active } }));
}

async function registeredChain(db: RegistryDb, chainId: number): Promise<Chain> {
  const chain = await db.chain.findUnique({ where: { chainId } });
  if (!chain) throw new RegistryInputError(`chain ${chainId} is not registered (see GET /chain)`);
  return chain;
}

export async function registeredToken(db: RegistryDb, chainId: number, address: string): Promise<{ chain: Chain; token: Token }> {
  const chain = await registeredChain(db, chainId);
  const normalized = registryAddress(chain.type, address, 'address');
  const token = await db.token.findUnique({ where: { chainId_address: { chainId, address: normalized } } });
  if (!token) throw new RegistryInputError(`token ${normalized} is not registered on chain ${chainId} (see GET /chain)`);
  return { chain, token };
}
