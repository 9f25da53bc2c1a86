import { sid, withdrawRequestId, user, userAddress, depositAddress, usdc, txHash, ok } from './example-values';
import type { OperationExample } from './example-values';

/** The widget's operations (sid): one worked call each, like the operator's in examples.ts. */
export const WIDGET_EXAMPLES: Record<string, OperationExample> = {
  getSessionInfo: {
    body: { sid },
    response: {
      status: 200,
      body: ok('Session', {
        type: 'deposit',
        status: 'OPEN',
        externalUserId: user,
        amount: '50.00',
        platformFiatCurrency: 'EUR',
        lang: 'en',
        redirectUrl: 'https://casino.example.org/cashier',
        expiresAt: '2026-11-26T09:00:00.000Z',
        withdrawal: null,
      }),
    },
  },
  getDepositAddress: {
    body: { sid, currency: 'USDC', chainId: 8453 },
    response: {
      status: 200,
      body: ok('Deposit address', {
        address: depositAddress,
        chainId: 8453,
        currency: 'USDC',
        tokenAddress: usdc,
        decimals: 6,
        paymentUri: `ethereum:${usdc}@8453/transfer?address=${depositAddress}`,
        expiresAt: '2026-11-26T09:00:00.000Z',
      }),
    },
  },
  requestDirectTransfer: {
    body: { sid, address: userAddress, chainId: 8453, tokenAddress: usdc },
    response: { status: 201, body: ok('Withdrawal requested', { withdrawRequestId, withdrawStatus: 'PENDING' }) },
  },
  getDepositPage: {
    parameters: { sid },
    response: { status: 200, body: '<!doctype html><html lang="en"><head><title>Deposit</title>…</head><body>…</body></html>' },
  },
  getWithdrawPage: {
    parameters: { sid },
    response: { status: 200, body: '<!doctype html><html lang="en"><head><title>Withdraw</title>…</head><body>…</body></html>' },
  },
  getWidgetScript: { response: { status: 200, body: '"use strict";(()=>{…})();' } },
  getWidgetStyles: { response: { status: 200, body: ':root{color-scheme:light dark}…' } },
  getWidgetStatus: {
    body: { sid },
    response: {
      status: 200,
      body: ok('Session status', {
        status: 'OPEN',
        expiresAt: '2026-11-26T09:00:00.000Z',
        deposits: [
          { depositId: '1042', chainId: 8453, symbol: 'USDC', amount: '49750000', status: 'CONFIRMING', confirmations: 3, requiredConfirmations: 12, txHash },
        ],
      }),
    },
  },
  getWidgetQr: {
    body: { sid, uri: `ethereum:${usdc}@8453/transfer?address=${depositAddress}` },
    response: { status: 200, body: ok('QR code', { image: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA…' }) },
  },
  getWidgetQuote: {
    body: { sid, chainId: 8453, tokenAddress: usdc },
    response: { status: 200, body: ok('Deposit estimate', { estimate: '54.12' }) },
  },
};
