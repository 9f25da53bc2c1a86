/** One thing the chain and the books disagree on, named by `kind`, with what identifies it. */
export type Difference = { chainId: number; kind: string } & Record<string, string | number | string[] | null>;

export interface AssetLine {
  asset: string;
  symbol: string;
  openingBlock: number;
  opening: string;
  onChain: string;
  books: string;
  pending: string;
  difference: string;
}

export interface ChainReport {
  chainId: number;
  genesisHash: string | null;
  bankroll: string;
  /** The block every balance and receipt was read up to. */
  asOfBlock: number | null;
  assets: AssetLine[];
  pending: Array<{ purpose: string; txHash: string; status: string; mined: boolean }>;
  payoutsChecked: number;
  depositEventsChecked: number;
}

/** The reconcile answer (CONTRACT §8): ok only when no chain has a difference. */
export interface ReconcileReport {
  ok: boolean;
  chains: ChainReport[];
  differences: Difference[];
}
