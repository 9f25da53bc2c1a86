import type { ChainProviders } from '../adapters/chains';
import type { Db } from '../adapters/db';
import { valueOrNull } from '../adapters/deadline';
import { isTronAddress, tronFromEvm, tronHex } from '../adapters/tron-address';
import { bankrollBalance } from '../chain/bankroll-balance';
import { treasuryPurpose } from '../domain/keys';
import { RegistryInputError, registryAddress } from '../domain/registry-input';
import { insufficientLiquidity, NATIVE_ASSET, treasuryAmountRaw, treasurySendState, TreasuryRefusal, type TreasuryStatus } from '../domain/treasury-sends';
import type { Chain, TreasuryTransfer } from '../generated/prisma/client';
import { readEarlyBalance, type BalanceReader } from '../store/liquidity';
import { outboundByPurpose } from '../store/outbound-txs';
import { addColdAddress, removeColdAddress, reserveTreasurySend } from '../store/treasury-sends';

/** A cold address in the registry's form; on TRON its base58 checksum is verified too (a typo is no other address). */
function coldAddress(type: Chain['type'], address: string, what: string): string {
  const normalized = registryAddress(type, address, what);
  if (type === 'TRON' && !isTronAddress(normalized)) throw new RegistryInputError(`${what}: "${address}" fails the TRON base58check checksum`);
  return normalized;
}

async function requireChain(db: Db, chainId: number): Promise<Chain> {
  const chain = await db.chain.findUnique({ where: { chainId } });
  if (!chain) throw new RegistryInputError(`chain ${chainId} is not registered`);
  return chain;
}

export interface ColdChange {
  chainId: number;
  address: string;
  /** Who asks (`--by`): recorded on the row. */
  by: string;
}

/** `treasury cold add`: registers the address (in the chain's form) as a destination of treasury sends. */
export async function addCold(db: Db, c: ColdChange) {
  const chain = await requireChain(db, c.chainId);
  return addColdAddress(db, { ...c, address: coldAddress(chain.type, c.address, '--address') });
}

/** `treasury cold remove`: sends to it are refused from now on; refused when it is not registered. */
export async function removeCold(db: Db, c: ColdChange) {
  const chain = await requireChain(db, c.chainId);
  const address = coldAddress(chain.type, c.address, '--address');
  const removed = await removeColdAddress(db, { ...c, address });
  if (!removed) throw new TreasuryRefusal(`${address} is not a registered cold address on chain ${c.chainId}`);
  return removed;
}

export interface SendRequest {
  chainId: number;
  /** A token symbol registered on the chain, or `native`. */
  asset: string;
  /** In the asset's units (decimal string). */
  amount: string;
  to: string;
  by: string;
}

/**
 * The asset a send names: the chain's native coin (`native`, or its symbol when no token has it: TRX on TRON), or its
 * one token of that symbol (an active one first).
 */
async function resolveAsset(db: Db, chain: Chain, asset: string) {
  const tokens = asset === NATIVE_ASSET ? [] : await db.token.findMany({ where: { chainId: chain.chainId, symbol: asset } });
  if (asset === NATIVE_ASSET || (asset === chain.nativeSymbol && tokens.length === 0)) return { asset: NATIVE_ASSET, symbol: chain.nativeSymbol, decimals: chain.nativeDecimals };
  const active = tokens.filter((t) => t.active);
  const [token, ...others] = active.length > 0 ? active : tokens;
  if (!token) throw new RegistryInputError(`--asset: no token ${asset} on chain ${chain.chainId} (or use native)`);
  if (others.length > 0) throw new RegistryInputError(`--asset: ${asset} names ${tokens.length} tokens on chain ${chain.chainId}`);
  return { asset: token.address, symbol: token.symbol, decimals: token.decimals };
}

/**
 * `treasury send`, up to the workflow's start: checks the request, then records the transfer with its reservation in
 * one transaction (store/treasury.ts: the cold address registered, the amount within the unreserved balance). A refusal
 * writes nothing and signs nothing. The balance is read here over RPC; no key is needed or held.
 */
export async function recordTreasurySend(db: Db, chains: ChainProviders, bankroll: string, r: SendRequest): Promise<TreasuryTransfer> {
  const chain = await requireChain(db, r.chainId);
  const to = coldAddress(chain.type, r.to, '--to');
  const asset = await resolveAsset(db, chain, r.asset);
  const raw = treasuryAmountRaw(r.amount, asset.decimals);
  const registered = await db.coldAddress.findFirst({ where: { chainId: chain.chainId, address: to, removedAt: null } });
  if (!registered) throw new TreasuryRefusal(`${to} is not a registered cold address on chain ${chain.chainId} (treasury cold add)`);
  const read: BalanceReader = asset.asset === NATIVE_ASSET ? nativeBalance(chains, chain.chainId, bankroll) : bankrollBalance(chains, chain.chainId, asset.asset, bankroll);
  const early = await readEarlyBalance(db, chain.chainId, asset.asset, read);
  const result = await reserveTreasurySend(db, { chainId: chain.chainId, ...asset, raw, toAddress: to, requestedBy: r.by }, early);
  if (result.outcome === 'RESERVED') return result.transfer;
  if (result.outcome === 'NOT_REGISTERED') throw new TreasuryRefusal(`${to} is not a registered cold address on chain ${chain.chainId}`);
  if (result.outcome === 'INSUFFICIENT_LIQUIDITY') throw insufficientLiquidity(asset.symbol);
  throw new Error(`the bankroll's ${asset.symbol} balance on chain ${chain.chainId} cannot be read now; nothing was recorded`);
}

function nativeBalance(chains: ChainProviders, chainId: number, bankroll: string): BalanceReader {
  return async () => {
    const tron = chains.tron(chainId);
    if (tron) return valueOrNull(tron.trxBalance(tronHex(tronFromEvm(bankroll))).then((sun) => sun ?? 0n), chains.readTimeoutMs);
    const provider = chains.get(chainId);
    return provider ? valueOrNull(provider.getBalance(bankroll), chains.readTimeoutMs) : null;
  };
}

export interface TreasurySendView {
  transferId: string;
  status: TreasuryStatus;
  txHash: string | null;
  /** Why it failed (FAILED only). */
  reason?: string;
}

/** `treasury status`: the send's status with its stored transaction's hash (the mined candidate's once mined). */
export async function treasurySendView(db: Db, transferId: string): Promise<TreasurySendView> {
  const t = await db.treasuryTransfer.findUnique({ where: { id: transferId } });
  if (!t) throw new RegistryInputError(`no treasury send ${transferId}`);
  const { status, txHash } = treasurySendState(t, await outboundByPurpose(db, treasuryPurpose(t.id)));
  return { transferId: t.id, status, txHash, ...(status === 'FAILED' && t.failureReason ? { reason: t.failureReason } : {}) };
}
