import Decimal from 'decimal.js';
import { Gauge, type Registry } from 'prom-client';
import type { ChainProviders } from '../adapters/chains';
import type { Db } from '../adapters/db';
import { valueOrNull } from '../adapters/deadline';
import { bankrollTokenBalance } from '../chain/bankroll-balance';
import { reservedLiquidity } from '../store/liquidity';

/** Whole token units as a float: metric values are for dashboards and alerts, never for money movement. */
const units = (raw: bigint, decimals: number) => new Decimal(raw.toString()).div(new Decimal(10).pow(decimals)).toNumber();

/**
 * Scanner lag and bankroll liquidity, read from the chains at each scrape with the same deadline as every chain read:
 * a chain that does not answer leaves its series out (absent, not zero), which an alert on absence catches.
 */
export function registerChainMetrics(registry: Registry, deps: { db: Db; chains: ChainProviders; bankroll: string }): void {
  const { db, chains, bankroll } = deps;
  new Gauge({
    name: 'gateway_scanner_lag_blocks',
    help: 'Blocks between the chain head and the last block the deposit scanner read',
    labelNames: ['chain_id'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const c of await db.chainCursor.findMany()) {
        const provider = chains.get(c.chainId);
        const head = provider ? await valueOrNull(provider.getBlockNumber(), chains.readTimeoutMs) : null;
        if (head !== null) this.set({ chain_id: String(c.chainId) }, Math.max(0, head - (c.nextBlock - 1)));
      }
    },
  });

  // One read of every token's balance and reservations per scrape, shared by the three gauges (a scrape collects
  // them in parallel).
  type Row = { labels: { chain_id: string; token: string }; balance: number | null; reserved: number; available: number | null };
  let last: { at: number; rows: Promise<Row[]> } | null = null;
  const liquidity = (): Promise<Row[]> => {
    if (!last || Date.now() - last.at > 1000) last = { at: Date.now(), rows: readLiquidity() };
    return last.rows;
  };
  async function readLiquidity(): Promise<Row[]> {
    const [tokens, natives] = await Promise.all([
      db.token.findMany({ where: { active: true, chain: { active: true } } }),
      db.chain.findMany({ where: { active: true } }),
    ]);
    const tokenRows = tokens.filter((t) => chains.get(t.chainId)).map(async (t): Promise<Row> => {
      const [raw, held] = await Promise.all([
        valueOrNull(bankrollTokenBalance(chains.get(t.chainId)!, t.address, bankroll), chains.readTimeoutMs),
        reservedLiquidity(db, t.chainId, t.address),
      ]);
      return {
        labels: { chain_id: String(t.chainId), token: t.symbol },
        balance: raw === null ? null : units(raw, t.decimals),
        reserved: units(held, t.decimals),
        available: raw === null ? null : units(raw - held, t.decimals),
      };
    });
    // The native coin pays every payout's and sweep's gas: its balance is what the empty-gas alert watches.
    const nativeRows = natives.filter((c) => chains.get(c.chainId)).map(async (c): Promise<Row> => {
      const raw = await valueOrNull(chains.get(c.chainId)!.getBalance(bankroll), chains.readTimeoutMs);
      const v = raw === null ? null : units(raw, c.nativeDecimals);
      return { labels: { chain_id: String(c.chainId), token: c.nativeSymbol }, balance: v, reserved: 0, available: v };
    });
    return Promise.all([...tokenRows, ...nativeRows]);
  }
  const liquidityGauge = (name: string, help: string, pick: (r: Row) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ['chain_id', 'token'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const r of await liquidity()) {
          const v = pick(r);
          if (v !== null) this.set(r.labels, v);
        }
      },
    });
  liquidityGauge('gateway_bankroll_balance', 'Bankroll balance per token, in token units', (r) => r.balance);
  liquidityGauge('gateway_bankroll_reserved', 'Held by active payout reservations, in token units', (r) => r.reserved);
  liquidityGauge('gateway_bankroll_available', 'Balance minus reservations: what new payouts can use, in token units', (r) => r.available);
}
