import { Wallet } from 'ethers';
import type { Db } from '../../../src/adapters/db';
import { tronFromEvm } from '../../../src/adapters/tron-address';
import { TronLedger } from './ledger';
import { startTronStandIn, type TronStandIn } from './server';

/** The stand-in TRON chain's registry id (195: TRON's BIP-44 coin type). Not a real network's id. */
export const TRON_STANDIN_CHAIN_ID = 1_000_195;

export interface DevTron {
  standIn: TronStandIn;
  usdt: string;
  trxFeed: string;
  usdtFeed: string;
}

/**
 * The TRON STAND-IN set up like the dev EVM chain: a 6-decimal USDT, USD feeds for TRX (0.12) and USDT (1.00), a
 * bankroll with 1,000 TRX and 1,000 USDT (the bankroll's key in TRON form), and a faucet of 1,000,000 USDT behind
 * `POST /standin/fund`. Contract addresses are the same at every start; the chain itself is new each time.
 */
export async function startDevTron(opts: { bankrollEvmAddress: string; blockMs: number; port?: number }): Promise<DevTron> {
  const faucet = Wallet.createRandom();
  const l = new TronLedger();
  const usdt = l.deployToken('USDT', 6);
  const trxFeed = l.deployFeed('TRX/USD', 8, 12_000_000n);
  const usdtFeed = l.deployFeed('USDT/USD', 8, 100_000_000n);
  const bankroll = tronFromEvm(opts.bankrollEvmAddress);
  l.credit(bankroll, 1_000_000_000n);
  l.mint(usdt, bankroll, 1_000_000_000n);
  l.credit(tronFromEvm(faucet.address), 1_000_000_000_000n);
  l.mint(usdt, tronFromEvm(faucet.address), 1_000_000_000_000n);
  const standIn = await startTronStandIn({ blockMs: opts.blockMs, port: opts.port, ledger: l, faucet: { privateKey: faucet.privateKey, token: usdt } });
  return { standIn, usdt, trxFeed, usdtFeed };
}

/** The registry rows of the stand-in chain (upserted: the contract addresses are stable across starts). */
export async function upsertDevTronChain(db: Db, t: DevTron, confirmations = 2): Promise<void> {
  const chain = {
    name: 'TRON (stand-in)', type: 'TRON' as const, nativeSymbol: 'TRX', nativeDecimals: 6, nativePriceFeed: t.trxFeed,
    depositConfirmations: confirmations, withdrawConfirmations: confirmations, isDev: true, active: true,
  };
  await db.chain.upsert({ where: { chainId: TRON_STANDIN_CHAIN_ID }, create: { chainId: TRON_STANDIN_CHAIN_ID, ...chain }, update: chain });
  const token = { symbol: 'USDT', displaySymbol: 'USDT', name: 'Tether USD (stand-in)', decimals: 6, priceFeed: t.usdtFeed, minDepositRaw: 1_000_000, active: true };
  await db.token.upsert({ where: { chainId_address: { chainId: TRON_STANDIN_CHAIN_ID, address: t.usdt } }, create: { chainId: TRON_STANDIN_CHAIN_ID, address: t.usdt, ...token }, update: token });
}
