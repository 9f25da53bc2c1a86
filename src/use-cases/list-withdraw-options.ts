import Decimal from 'decimal.js';
import type { ChainProviders } from '../adapters/chains';
import type { Db } from '../adapters/db';
import type { FxProvider, PriceProvider } from '../adapters/prices';
import { fromRawUnits } from '../domain/money';
import { priceFiatPayout } from '../domain/withdraw-amounts';
import { availableRaw, optionStatus, type OptionFacts } from '../domain/withdraw-options';
import type { Chain, Token, Withdrawal } from '../generated/prisma/client';
import { bankrollBalance } from '../chain/bankroll-balance';
import { reservedLiquidity } from '../store/liquidity';
import type { WithdrawalWithReservation } from '../store/withdrawal-reads';

export interface OptionDeps {
  db: Db;
  chains: ChainProviders;
  prices: PriceProvider;
  fx: FxProvider;
  bankroll: string;
}

/**
 * GET /withdraw/options (spec 4.9, CONTRACT §4): every supported token, or with a sessionRef the intent's own asset,
 * with the bankroll balance read on chain, what active reservations hold, and the free remainder, in token units.
 * It reads only: no price is locked and nothing is reserved.
 */
export async function listOptions(d: OptionDeps, intent: WithdrawalWithReservation | null, types: Array<'EVM' | 'TRON'> = ['EVM']) {
  if (intent) {
    const token = await d.db.token.findUniqueOrThrow({ where: { chainId_address: { chainId: intent.chainId, address: intent.tokenAddress } }, include: { chain: true } });
    const supported = token.active && token.chain.active && token.chain.type === 'EVM' && d.chains.get(token.chainId) !== null;
    return [await option(d, token.chain, token, supported, intent)];
  }
  const tokens = await d.db.token.findMany({
    // EVM only for headless (spec 8 rule 6); the widget also lists TRON chains this deployment has a node for.
    where: { active: true, chain: { active: true, type: { in: types } } },
    include: { chain: true },
    orderBy: [{ chainId: 'asc' }, { symbol: 'asc' }],
  });
  return Promise.all(tokens.map((t) => option(d, t.chain, t, d.chains.get(t.chainId) !== null || d.chains.tron(t.chainId) !== null, null)));
}

async function option(d: OptionDeps, chain: Chain, token: Token, supported: boolean, intent: WithdrawalWithReservation | null) {
  const [balance, reserved, quote] = await Promise.all([
    bankrollBalance(d.chains, chain.chainId, token.address, d.bankroll)(),
    reservedLiquidity(d.db, chain.chainId, token.address),
    d.prices.usdPrice({ chainId: chain.chainId, tokenAddress: token.address }),
  ]);
  const facts: OptionFacts = { supported, balance, reserved, priceKnown: quote !== null };
  if (intent) facts.needed = intent.reservationStatus === 'ACTIVE' ? 'RESERVED' : await neededRaw(d, intent, quote?.usd ?? null);
  const units = (raw: bigint | null) => (raw === null ? null : fromRawUnits(raw, token.decimals));
  return {
    chainId: chain.chainId,
    chainName: chain.name,
    tokenAddress: token.address,
    symbol: token.symbol,
    displaySymbol: token.displaySymbol,
    name: token.name,
    decimals: token.decimals,
    bankrollBalance: units(balance),
    reservedAmount: units(reserved),
    availableAmount: units(balance === null ? null : availableRaw(balance, reserved)),
    status: optionStatus(facts),
  };
}

/** The intent's payout at a fresh price, as execute would compute it now (null when it cannot be priced). */
async function neededRaw(d: OptionDeps, intent: Withdrawal, usd: Decimal | null): Promise<bigint | null> {
  const rate = await d.fx.usdTo(intent.fiatCurrency);
  if (!usd || !rate) return null;
  return priceFiatPayout(new Decimal(intent.fiatAmount.toString()), rate, usd, intent.decimals)?.raw ?? null;
}
