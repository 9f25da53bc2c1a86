import type { Db } from '../../adapters/db';
import { ensureDepositAddress, ensureTronDepositAddress } from '../../store/deposit-addresses';
import { activeTokenBySymbol, chainById } from '../../store/registry-reads';
import { fieldError } from '../../domain/errors';
import { sidCredential } from '../auth-kinds';
import { endpoint } from '../endpoint';
import { sendEnvelope } from '../envelope';
import { currentSession } from '../middleware/sid-auth';
import { json } from '../openapi/operation';
import { depositAddressSchema } from '../schemas/depositor';
import { depositAddress, envelope } from '../schemas/responses';
import { sidBody } from '../schemas/widget';

interface Asset {
  symbol: string;
  /** null for the chain's native asset. */
  tokenAddress: string | null;
  decimals: number;
}


/**
 * The asset the widget asked for: the chain must be an active EVM chain of the registry, and the currency its
 * native symbol or the symbol of one of its active tokens. The native symbol wins should a token share it.
 */
async function resolveAsset(db: Db, chainId: number, currency: string, tronEnabled: boolean): Promise<Asset & { tron: boolean }> {
  const chain = await chainById(db, chainId);
  const usable = chain?.active && (chain.type === 'EVM' || (chain.type === 'TRON' && tronEnabled));
  if (!chain || !usable) throw fieldError('chainId', 'not an active EVM chain, nor a TRON chain this deployment serves (see GET /chain)');
  const tron = chain.type === 'TRON';
  // TRC-20 tokens only on TRON: native TRX deposits are not taken (docs/tron.md).
  if (tron && currency === chain.nativeSymbol) throw fieldError('currency', `not an active currency on chain ${chainId} (see GET /chain)`);
  if (currency === chain.nativeSymbol) return { symbol: currency, tokenAddress: null, decimals: chain.nativeDecimals, tron };
  const token = await activeTokenBySymbol(db, chainId, currency);
  if (!token) throw fieldError('currency', `not an active currency on chain ${chainId} (see GET /chain)`);
  return { symbol: token.symbol, tokenAddress: token.address, decimals: token.decimals, tron };
}

/**
 * EIP-681. No amount: the session's amount is fiat, and the crypto amount depends on the price when it arrives.
 * A token URI names the contract and its transfer function, with the deposit address as the recipient.
 */
function paymentUri(address: string, chainId: number, tokenAddress: string | null, tron: boolean): string {
  // TRON has no payment URI standard wallets agree on: the base58 address itself is what they scan.
  if (tron) return address;
  return tokenAddress === null ? `ethereum:${address}@${chainId}` : `ethereum:${tokenAddress}@${chainId}/transfer?address=${address}`;
}

/**
 * POST /depositor/address (widget-called, a deposit session's sid). The sid first: a request without a usable session
 * learns nothing about the registry.
 */
export const depositAddressEndpoint = endpoint({
  operationId: 'getDepositAddress',
  method: 'post',
  path: '/depositor/address',
  tag: 'Widget (sid)',
  auth: sidCredential({ deposit: true }),
  summary: "The user's deposit address for a currency on a chain",
  description:
    "Spec 4.5: called by the widget with `sid`, `currency` and `chainId` (all required); returns the user's deposit address on that chain in the standard envelope. A withdraw session's sid is refused naming `sid`.",
  body: sidBody.extend(depositAddressSchema.shape),
  responses: { 200: json('The address', envelope(depositAddress)) },
  handler: async ({ deps: { db, config }, body: { chainId, currency }, res }) => {
    const session = currentSession(res);
    // A TRON chain counts only where this deployment has its node (TRON_RPC_URLS) and the TRON public key.
    const asset = await resolveAsset(db, chainId, currency, config.TRON_DEPOSIT_XPUB !== undefined && config.TRON_RPC_URLS[chainId] !== undefined);
    const { address } = asset.tron
      ? await ensureTronDepositAddress(db, { evm: config.DEPOSIT_XPUB, tron: config.TRON_DEPOSIT_XPUB! }, session.operatorId, session.externalUserId)
      : await ensureDepositAddress(db, config.DEPOSIT_XPUB, session.operatorId, session.externalUserId);
    sendEnvelope(res, 200, 'Deposit address', {
      address,
      chainId,
      currency: asset.symbol,
      tokenAddress: asset.tokenAddress,
      decimals: asset.decimals,
      paymentUri: paymentUri(address, chainId, asset.tokenAddress, asset.tron),
      expiresAt: session.expiresAt.toISOString(),
    });
  },
});
