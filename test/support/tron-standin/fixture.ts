import type { Db } from '../../../src/adapters/db';
import { tronFromEvm } from '../../../src/chain/tron-address';
import { startTronStandIn, type TronStandIn } from './server';

/** The stand-in TRON chain's id in the registry (195: TRON's BIP-44 coin type). Not a real network's id. */
export const TRON_STANDIN_CHAIN_ID = 1_000_195;

export interface TronFixture {
  standIn: TronStandIn;
  usdt: string;
  trxFeed: string;
  usdtFeed: string;
}

/**
 * The TRON stand-in with a 6-decimal USDT, USD feeds for TRX (0.12) and USDT (1.00), and a bankroll holding
 * 1,000 TRX and 1,000 USDT (the bankroll's key in TRON form). Blocks every `blockMs`.
 */
export async function startTronFixture(bankrollEvmAddress: string, blockMs = 250): Promise<TronFixture> {
  const standIn = await startTronStandIn({ blockMs });
  const l = standIn.ledger;
  const usdt = l.deployToken('USDT', 6);
  const trxFeed = l.deployFeed('TRX/USD', 8, 12_000_000n);
  const usdtFeed = l.deployFeed('USDT/USD', 8, 100_000_000n);
  const bankroll = tronFromEvm(bankrollEvmAddress);
  l.credit(bankroll, 1_000_000_000n);
  l.mint(usdt, bankroll, 1_000_000_000n);
  return { standIn, usdt, trxFeed, usdtFeed };
}

/** The registry rows of the stand-in chain, as a provisioning tool would write them. */
export async function registerTronChain(db: Db, f: TronFixture, confirmations = 2): Promise<void> {
  await db.chain.create({
    data: {
      chainId: TRON_STANDIN_CHAIN_ID, name: 'TRON (stand-in)', type: 'TRON', nativeSymbol: 'TRX', nativeDecimals: 6, nativePriceFeed: f.trxFeed,
      depositConfirmations: confirmations, withdrawConfirmations: confirmations, isDev: true,
      tokens: { create: [{ address: f.usdt, symbol: 'USDT', displaySymbol: 'USDT', name: 'Tether USD (stand-in)', decimals: 6, priceFeed: f.usdtFeed, minDepositRaw: 1_000_000 }] },
    },
  });
}
