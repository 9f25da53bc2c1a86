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

export const coldAddressView = z.object({
  id: z.uuid(),
  chainId: z.number().int(),
  address: z.string(),
  addedBy: z.string().describe('Who ran `treasury cold add`'),
  addedAt: iso,
});

export const treasurySendView = z.object({
  id: z.uuid().describe('The transferId `treasury send` printed'),
  chainId: z.number().int(),
  asset: z.string().describe('The token contract, or `native`'),
  symbol: z.string(),
  amount: z.string().describe('Raw units'),
  units: z.string().describe('Token units'),
  to: z.string().describe('The registered cold address'),
  requestedBy: z.string().describe('Who ran `treasury send` (`--by`)'),
  status: z.enum(['REQUESTED', 'SIGNED', 'BROADCAST', 'CONFIRMED', 'FAILED']).describe('As `treasury status` prints it'),
  failureReason: z.string().nullable(),
  transactionHash: z.string().nullable().describe('The stored transaction; the mined replacement once a fee bump was mined'),
  stuck: z.boolean().describe('Signed and not mined within TX_STUCK_SECONDS (a fee bump follows)'),
  workflowId: z.string().describe('The send\'s workflow in the Temporal UI'),
  requestedAt: iso,
  completedAt: iso.nullable(),
});

/** An object, so that later treasury parts (the hot-wallet ceiling's moves) can join it. */
export const adminTreasuryResponse = z.object({
  sources: z.array(treasurySourceView).describe('Every registration, removed ones included, newest first'),
  topUps: z.array(treasuryTopUpView).describe('Recorded top-ups, newest first; the next page in X-Next-Cursor'),
  coldAddresses: z.array(coldAddressView).describe('The registered cold addresses'),
  sends: z.array(treasurySendView).describe('The newest 50 treasury sends, newest first'),
});
