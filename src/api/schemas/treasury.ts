import { z } from 'zod';

const iso = z.iso.datetime({ offset: true });

/** GET /admin/treasury: the sources of one chain or all, and a page of top-ups. */
export const adminTreasuryQuery = z.object({
  chainId: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** The top-ups' next page (X-Next-Cursor of the previous answer). */
  cursor: z.string().optional(),
});

export const treasurySourceView = z.object({
  id: z.uuid(),
  chainId: z.number().int(),
  address: z.string().describe('EIP-55 on EVM chains, base58 on TRON'),
  addedBy: z.string().describe('Who ran `treasury source add`'),
  addedAt: iso,
  removedBy: z.string().nullable(),
  removedAt: iso.nullable().describe('Set once removed: its recorded top-ups stay booked, later transfers are not top-ups'),
});

export const treasuryTopUpView = z.object({
  id: z.uuid(),
  chainId: z.number().int(),
  sourceId: z.uuid(),
  from: z.string().describe('The source address'),
  to: z.string().describe('The bankroll'),
  asset: z.string().describe('The token contract, or `native`'),
  symbol: z.string().nullable(),
  transactionHash: z.string(),
  logIndex: z.number().int(),
  blockNumber: z.number().int(),
  amount: z.string().describe('Raw units'),
  units: z.string().nullable().describe('Token units'),
  recordedAt: iso,
});

/** An object, so that later treasury parts (sends, the hot-wallet ceiling's moves) can join it. */
export const adminTreasuryResponse = z.object({
  sources: z.array(treasurySourceView).describe('Every registration, removed ones included, newest first'),
  topUps: z.array(treasuryTopUpView).describe('Recorded top-ups, newest first; the next page in X-Next-Cursor'),
});
