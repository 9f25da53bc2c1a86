import { findPreset, networkPresets, type NetworkPreset } from '../config/networks';
import type { ChainType } from '../domain/registry-input';
import { UsageError } from './args';

/** What `chain add --preset NAME` registers: the network's fields, its listed tokens, and those it leaves out (with why). */
export function presetChain(name: string) {
  const preset = findPreset(name);
  if (!preset) throw new UsageError(`unknown preset "${name}": expected one of ${networkPresets().map((p) => p.name).join(', ')}`);
  return {
    chain: {
      chainId: preset.chainId, type: preset.type as ChainType, name: preset.displayName, nativeSymbol: preset.nativeSymbol,
      nativeDecimals: preset.nativeDecimals, nativePriceFeed: preset.nativePriceFeed, nativeFeedHeartbeat: preset.nativeFeedHeartbeat ?? null,
      sequencerUptimeFeed: preset.sequencerUptimeFeed ?? null, depositConfirmations: preset.depositConfirmations,
      withdrawConfirmations: preset.withdrawConfirmations,
    },
    tokens: preset.tokens.flatMap((t) =>
      t.address === null ? [] : [{ symbol: t.symbol, displaySymbol: t.symbol, name: t.name, decimals: t.decimals, address: t.address, priceFeed: t.priceFeed ?? null,
        feedHeartbeat: t.feedHeartbeat ?? null, feedMinAnswer: null, feedMaxAnswer: null, minDeposit: '0' }],
    ),
    notListed: preset.tokens.flatMap((t) => (t.address === null ? [{ symbol: t.symbol, why: t.addressWhy! }] : [])),
  };
}

/** `chain presets`: every preset with what it would register. */
export function listPresets() {
  return { presets: networkPresets().map((p: NetworkPreset) => ({ name: p.name, chainId: p.chainId, type: p.type, testnet: p.testnet, displayName: p.displayName, tokens: p.tokens.filter((t) => t.address).map((t) => t.symbol) })) };
}
