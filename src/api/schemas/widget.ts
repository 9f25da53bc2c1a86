import { z } from 'zod';

/**
 * The sid of a widget call's body. sidAuth checks it first (400 naming `sid`, else 404); a session's id is always a v4
 * UUID, so the body schemas that extend this one pass it unchanged.
 */
export const sidBody = z.object({ sid: z.uuid() });

/** POST /widget/quote: the asset the player picked (null address: the chain's native coin). */
export const widgetQuoteSchema = z.object({
  chainId: z.number().int().positive(),
  tokenAddress: z.string().regex(/^(0x[0-9a-fA-F]{40}|T[1-9A-HJ-NP-Za-km-z]{33})$/).nullable(),
});

/** POST /widget/qr: the payment URIs `POST /depositor/address` builds (EIP-681, or a TRON base58 address); nothing else is drawn. */
export const widgetQrSchema = z.object({ uri: z.string().regex(/^(ethereum:0x[0-9a-fA-F]{40}@\d{1,12}(\/transfer\?address=0x[0-9a-fA-F]{40})?|T[1-9A-HJ-NP-Za-km-z]{33})$/) });

const sessionState = z.enum(['OPEN', 'COMPLETED', 'EXPIRED', 'CANCELLED']);

/** POST /widget/status: a deposit session's live state, or a withdraw session's. */
export const widgetStatusResponse = z.union([
  z.object({
    status: sessionState,
    expiresAt: z.string(),
    deposits: z.array(
      z.object({
        depositId: z.string(),
        chainId: z.number().int(),
        symbol: z.string(),
        amount: z.string().describe('Token units: gross while confirming, the credited net amount once credited'),
        status: z.enum(['CONFIRMING', 'CONFIRMED', 'CREDITED']),
        confirmations: z.number().int(),
        requiredConfirmations: z.number().int(),
        txHash: z.string(),
      }),
    ),
  }),
  z.object({
    status: sessionState,
    expiresAt: z.string(),
    withdrawal: z
      .object({ withdrawRequestId: z.uuid(), withdrawStatus: z.string(), symbol: z.string(), amount: z.string().nullable(), txHash: z.string().nullable() })
      .nullable(),
  }),
]);

export const widgetQrResponse = z.object({ image: z.string().describe('An SVG data URL') });
export const widgetQuoteResponse = z.object({
  estimate: z.string().nullable().describe("About how many tokens the session's amount is now; null when the price or the FX rate is unknown"),
});
