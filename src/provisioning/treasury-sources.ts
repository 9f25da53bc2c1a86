import { getAddress, isAddress, ZeroAddress } from 'ethers';
import { isUniqueViolation, type Db } from '../adapters/db';
import { isTronAddress, tronFromEvm } from '../adapters/tron-address';
import { RegistryInputError, type ChainType } from '../domain/registry-input';
import { coldAddressView } from '../domain/treasury-sends';
import type { TreasurySource } from '../generated/prisma/client';
import { activeSource, activeSources, insertSource, isDepositAddress, markSourceRemoved } from '../store/treasury';
import { activeColdAddresses } from '../store/treasury-sends';
import { hotWalletPolicies } from './hot-wallet';

/**
 * The service team's treasury sources (`treasury source add|remove`, CONTRACT §9): addresses of its own whose
 * transfers into the bankroll are top-ups. A wrong registration would book money the books should question, so
 * the bankroll itself and our deposit addresses are refused, and every change names who made it.
 */

export interface SourceInput {
  chainId: number;
  address: string;
  /** The operator of the command. */
  by: string;
}

/** How the CLI and the admin API show a registration. */
export function sourceView(s: TreasurySource) {
  return {
    id: s.id, chainId: s.chainId, address: s.address, addedBy: s.addedBy, addedAt: s.createdAt.toISOString(),
    removedBy: s.removedBy, removedAt: s.removedAt?.toISOString() ?? null,
  };
}

/** An address in the form the chain type stores it: EIP-55 on EVM, base58check on TRON (its checksum verified). */
function sourceAddress(type: ChainType, address: string): string {
  if (type === 'TRON') {
    if (!isTronAddress(address)) throw new RegistryInputError(`--address: expected a TRON base58check address (T...), got "${address}"`);
    return address;
  }
  // A mixed-case address with a wrong checksum is a typo, not another address: isAddress refuses it.
  if (!isAddress(address)) throw new RegistryInputError(`--address: expected an EVM address (0x and 40 hex digits with a valid checksum), got "${address}"`);
  const normalized = getAddress(address);
  if (normalized === ZeroAddress) throw new RegistryInputError('--address: the zero address sends nothing');
  return normalized;
}

/** The chain's type and the address normalised for it; an unregistered chain is refused. */
async function checkedInput(db: Db, input: SourceInput): Promise<{ type: ChainType; address: string }> {
  const chain = await db.chain.findUnique({ where: { chainId: input.chainId }, select: { type: true } });
  if (!chain) throw new RegistryInputError(`--chain: chain ${input.chainId} is not registered`);
  return { type: chain.type, address: sourceAddress(chain.type, input.address) };
}

export async function addTreasurySource(db: Db, bankroll: string, input: SourceInput) {
  const { type, address } = await checkedInput(db, input);
  const ownBankroll = type === 'TRON' ? tronFromEvm(bankroll) : getAddress(bankroll);
  if (address === ownBankroll) throw new RegistryInputError('--address: that is the bankroll itself');
  if (await isDepositAddress(db, address)) throw new RegistryInputError('--address: that is one of our deposit addresses (its transfers are deposits)');
  const refuseDuplicate = (s: TreasurySource) => new RegistryInputError(`--address: ${address} is already a treasury source of chain ${input.chainId} (added by ${s.addedBy} at ${s.createdAt.toISOString()})`);
  const existing = await activeSource(db, input.chainId, address);
  if (existing) throw refuseDuplicate(existing);
  try {
    return sourceView(await insertSource(db, { chainId: input.chainId, address, addedBy: input.by }));
  } catch (err) {
    // Two adds at once: the partial unique index lets one through.
    const winner = isUniqueViolation(err) ? await activeSource(db, input.chainId, address) : null;
    throw winner ? refuseDuplicate(winner) : err;
  }
}

/** Ends a registration; its recorded top-ups stay booked, later transfers from the address are no longer top-ups. */
export async function removeTreasurySource(db: Db, input: SourceInput) {
  const { address } = await checkedInput(db, input);
  const existing = await activeSource(db, input.chainId, address);
  const removed = existing && (await markSourceRemoved(db, existing.id, input.by));
  if (!removed) throw new RegistryInputError(`--address: ${address} is not a treasury source of chain ${input.chainId}`);
  return sourceView(removed);
}

/** `treasury list`: the active sources, the cold addresses and the chains' hot-wallet ceilings (those set). */
export async function listTreasury(db: Db, chainId?: number) {
  if (chainId !== undefined && !(await db.chain.findUnique({ where: { chainId }, select: { chainId: true } }))) {
    throw new RegistryInputError(`--chain: chain ${chainId} is not registered`);
  }
  const [sources, cold, hotWallets] = await Promise.all([activeSources(db, chainId), activeColdAddresses(db, chainId), hotWalletPolicies(db, chainId)]);
  return { sources: sources.map(sourceView), coldAddresses: cold.map(coldAddressView), hotWallets };
}
