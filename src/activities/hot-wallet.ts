import Decimal from 'decimal.js';
import type { ChainProviders } from '../adapters/chains';
import { valueOrNull } from '../adapters/deadline';
import type { PriceProvider } from '../adapters/prices';
import { bankrollBalance } from '../chain/bankroll-balance';
import { nativeGasKeep } from '../domain/hot-wallet';
import { NATIVE_ASSET } from '../domain/treasury-sends';
import type { Chain } from '../generated/prisma/client';
import { chainsWithCeiling, recordCeilingSends, requestedSendsBefore, type PricedAsset } from '../store/hot-wallet';
import type { BalanceReader } from '../store/liquidity';
import type { ActivityDeps, WorkflowStarts } from './deps';

export type HotWalletActivityDeps = Pick<ActivityDeps, 'config' | 'db' | 'chains' | 'logger'> & {
  prices: PriceProvider;
  workflows: Pick<WorkflowStarts, 'startTreasurySend'>;
};

/** Who asks for the sends the ceiling records (TreasuryTransfer.requestedBy). */
export const HOT_WALLET_REQUESTER = 'hot-wallet-ceiling';

/**
 * A send recorded this long ago and still REQUESTED has lost its workflow start (the recorder, CLI or check, starts it
 * right after its commit): the relay starts it. Longer than any start takes, so the relay never races the recorder.
 */
export const LOST_START_AFTER_MS = 60_000;

function nativeReader(chains: ChainProviders, chainId: number, bankroll: string): BalanceReader {
  return async () => {
    const provider = chains.get(chainId);
    return provider ? valueOrNull(provider.getBalance(bankroll), chains.readTimeoutMs) : null;
  };
}

/** The hot-wallet ceiling's check (CONTRACT §9) and the treasury relay's restart of lost send starts. */
export function createHotWalletActivities(d: HotWalletActivityDeps) {
  const bankroll = d.config.BANKROLL_ADDRESS;

  /** The chain's native coin and active tokens with a fresh USD price; the others are logged, never valued or moved. */
  async function pricedAssets(chain: Chain): Promise<PricedAsset[]> {
    const tokens = await d.db.token.findMany({ where: { chainId: chain.chainId, active: true }, orderBy: { address: 'asc' } });
    const keep = nativeGasKeep(chain.maxGasPerTransfer, d.config.MAX_FEE_PER_GAS_GWEI);
    const candidates = [
      { asset: NATIVE_ASSET, symbol: chain.nativeSymbol, decimals: chain.nativeDecimals, tokenAddress: null, keep, read: nativeReader(d.chains, chain.chainId, bankroll) },
      ...tokens.map((t) => ({ asset: t.address, symbol: t.symbol, decimals: t.decimals, tokenAddress: t.address, keep: 0n, read: bankrollBalance(d.chains, chain.chainId, t.address, bankroll) })),
    ];
    const priced: PricedAsset[] = [];
    for (const { tokenAddress, ...a } of candidates) {
      const quote = await d.prices.usdPrice({ chainId: chain.chainId, tokenAddress });
      if (quote) priced.push({ ...a, usd: new Decimal(quote.usd) });
      else d.logger.warn('hot-wallet ceiling: no fresh price, the asset is neither valued nor moved', { chainId: chain.chainId, symbol: a.symbol });
    }
    return priced;
  }

  /**
   * Checks the chain's hot-wallet ceiling: above it, records the sends that bring the bankroll back to 80 % of it
   * (store/hot-wallet.ts decides under the chain's lock) and starts their workflows. Answers the recorded ids; a lost
   * start is the relay's to redo.
   */
  async function checkHotWalletCeiling(chainId: number): Promise<string[]> {
    const chain = await d.db.chain.findUnique({ where: { chainId } });
    if (!chain?.active || chain.hotMaxUsd === null || chain.hotColdAddress === null || !d.chains.get(chainId) || d.chains.tron(chainId)) return [];
    const assets = await pricedAssets(chain);
    const maxUsd = new Decimal(chain.hotMaxUsd.toString());
    const result = await recordCeilingSends(d.db, { chainId, maxUsd, coldAddress: chain.hotColdAddress, requestedBy: HOT_WALLET_REQUESTER, assets });
    if (result.outcome === 'POLICY_CHANGED') {
      d.logger.info('hot-wallet ceiling changed during the check; nothing sent, the next round checks the new one', { chainId });
      return [];
    }
    if (result.outcome === 'COLD_NOT_REGISTERED') {
      d.logger.warn('hot-wallet ceiling: the cold address is no longer registered; nothing sent', { chainId, coldAddress: chain.hotColdAddress });
      return [];
    }
    if (result.outcome === 'BALANCE_UNAVAILABLE') {
      d.logger.warn('hot-wallet ceiling: a bankroll balance cannot be read; nothing sent', { chainId, symbol: result.symbol });
      return [];
    }
    const { plan, transfers } = result;
    if (transfers.length > 0) {
      d.logger.info('hot-wallet ceiling crossed: excess recorded for cold storage', {
        chainId, valueUsd: plan.valueUsd.toFixed(2), maxUsd: maxUsd.toFixed(2), sends: transfers.map((t) => ({ transferId: t.id, symbol: t.symbol, amountRaw: t.amountRaw.toFixed(0) })),
      });
    }
    for (const t of transfers) await d.workflows.startTreasurySend(t.id);
    return transfers.map((t) => t.id);
  }

  return {
    checkHotWalletCeiling,

    /** The active chains with a ceiling set that this worker can reach (EVM: treasury sends are EVM only for now). */
    async ceilingChainIds(): Promise<number[]> {
      const ids = await chainsWithCeiling(d.db);
      return ids.filter((id) => d.chains.get(id) !== undefined && !d.chains.tron(id));
    },

    /** After a deposit's sweep raised the bankroll: the ceiling check of the deposit's chain. */
    async checkHotWalletAfterDeposit(depositId: string): Promise<string[]> {
      const deposit = await d.db.deposit.findUniqueOrThrow({ where: { id: BigInt(depositId) }, select: { chainId: true } });
      return checkHotWalletCeiling(deposit.chainId);
    },

    /** Starts the workflow of every send still REQUESTED long after it was recorded (a start lost to a crash or an outage). */
    async restartLostTreasurySends(): Promise<number> {
      let started = 0;
      for (const t of await requestedSendsBefore(d.db, new Date(Date.now() - LOST_START_AFTER_MS))) {
        if ((await d.workflows.startTreasurySend(t.id)) === 'started') {
          started += 1;
          d.logger.info('treasury relay started a lost treasury send', { transferId: t.id });
        }
      }
      return started;
    },
  };
}

export type HotWalletActivities = ReturnType<typeof createHotWalletActivities>;
