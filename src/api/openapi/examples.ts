import { depositAddress, eventId, key, ok, operatorId, sessionRef, sid, txHash, user, userAddress, usdc, withdrawRequestId, type OperationExample } from './example-values';
import { WIDGET_EXAMPLES } from './widget-examples';

/**
 * One worked call per operator and widget operation, keyed by operationId (CONTRACT §9 API reference). The document
 * places them beside the schemas (src/api/openapi/document.ts): its build fails on a name that is not there, and the
 * linters check each against its schema, so an example cannot drift from what it shows.
 */
export const OPERATION_EXAMPLES: Record<string, OperationExample> = {
  createDepositSession: {
    parameters: key,
    body: {
      externalUserId: user,
      lang: 'en',
      platformFiatCurrency: 'EUR',
      userBalance: '250.00',
      amount: '50.00',
      operatorReference: 'deposit-9001',
      redirectUrl: 'https://casino.example.org/cashier',
    },
    response: {
      status: 201,
      body: ok('Deposit session created', { url: `https://pay.example.org/widget/deposit?sid=${sid}`, sid, sessionRef, expiresAt: '2026-11-26T09:00:00.000Z' }),
    },
  },
  createWithdrawSession: {
    parameters: key,
    body: {
      externalUserId: user,
      lang: 'en',
      platformFiatCurrency: 'USD',
      userBalance: '250.00',
      amount: '100.00',
      operatorReference: 'payout-9001',
      executionMode: 'HEADLESS',
      address: userAddress,
      chainId: 8453,
      tokenAddress: usdc,
    },
    response: { status: 201, body: ok('Headless withdrawal created', { sessionRef, expiresAt: '2026-11-27T08:00:00.000Z' }) },
  },
  cancelSession: {
    parameters: { uuid: sid, ...key },
    response: { status: 200, body: ok('Session cancelled', { sid, sessionRef, status: 'CANCELLED' }) },
  },
  sendTestWebhook: {
    parameters: { uuid: sid, ...key },
    body: { amount: '25.00', currency: 'USD', chainId: 8453, address: usdc },
    response: { status: 200, body: { status: 'success', data: { delivered: true, status: 200, event: 'DEPOSIT' } } },
  },
  createDepositor: {
    parameters: key,
    body: { externalUserId: user, email: 'player@example.org' },
    response: {
      status: 201,
      body: ok('Depositor created', { externalUserId: user, addresses: [{ chainId: 8453, address: depositAddress }, { chainId: 1, address: depositAddress }] }),
    },
  },
  checkDepositor: {
    parameters: { externalUserId: user },
    response: {
      status: 200,
      body: ok('Depositor found', {
        exists: true,
        externalUserId: user,
        addresses: [{ chainId: 8453, address: depositAddress }],
        deposits: [
          { depositId: '1042', chainId: 8453, symbol: 'USDC', amount: '49750000', status: 'CREDITED', transactionHash: txHash, confirmedAt: '2026-11-26T08:12:30.000Z' },
        ],
      }),
    },
  },
  decideWithdrawal: {
    parameters: { id: withdrawRequestId, ...key },
    body: { decision: 'APPROVE' },
    response: {
      status: 200,
      body: { status: 'success', data: { withdrawRequestId, withdrawStatus: 'COMPLETED', settlementTxHash: txHash, held: false, heldReason: null } },
    },
  },
  listWithdrawOptions: {
    parameters: { sessionRef },
    response: {
      status: 200,
      body: ok('Withdrawal options', {
        options: [
          {
            chainId: 8453,
            chainName: 'Base',
            tokenAddress: usdc,
            symbol: 'USDC',
            displaySymbol: 'USDC',
            name: 'USD Coin',
            decimals: 6,
            bankrollBalance: '15000.5',
            reservedAmount: '1200',
            availableAmount: '13800.5',
            status: 'AVAILABLE',
          },
        ],
      }),
    },
  },
  executeHeadlessWithdrawal: {
    parameters: { sessionRef, ...key },
    response: {
      status: 202,
      body: ok('Withdrawal queued', {
        sessionRef,
        withdrawRequestId,
        withdrawalStatus: 'EXECUTION_QUEUED',
        chainId: 8453,
        tokenAddress: usdc,
        symbol: 'USDC',
        fiatAmount: '100.00',
        fiatCurrency: 'USD',
        cryptoAmountSent: '99.99',
        amountInUsd: '100.000000',
        priceRate: '1.0001',
        expiresAt: '2026-11-27T08:00:00.000Z',
        executedAt: '2026-11-26T08:05:00.000Z',
        replayed: false,
      }),
    },
  },
  getHeadlessWithdrawal: {
    parameters: { sessionRef },
    response: {
      status: 200,
      body: ok('Withdrawal status', {
        sessionRef,
        withdrawRequestId,
        status: 'COMPLETED',
        retryable: null,
        txHash,
        txState: 'CONFIRMED',
        confirmations: 12,
        requiredConfirmations: 12,
        callbackState: 'DELIVERED',
        reasonCode: null,
        fiatAmount: '100.00',
        fiatCurrency: 'USD',
        cryptoAmountSent: '99.99',
        amountInUsd: '100.000000',
        symbol: 'USDC',
        chainId: 8453,
        tokenAddress: usdc,
        address: userAddress,
        createdAt: '2026-11-26T08:00:00.000Z',
        updatedAt: '2026-11-26T08:07:10.000Z',
        expiresAt: null,
      }),
    },
  },
  cancelHeadlessWithdrawal: {
    parameters: { sessionRef, ...key },
    response: { status: 200, body: ok('Withdrawal cancelled', { sessionRef, withdrawRequestId, withdrawalStatus: 'CANCELLED' }) },
  },
  listWebhookEvents: {
    parameters: { event: 'DEPOSIT', status: 'DEAD_LETTER', since: '2026-11-25T00:00:00.000Z', until: '2026-11-26T00:00:00.000Z', limit: 50, cursor: 'MjAyNi0xMS0yNVQxMjowMDowMC4wMDBafDlkMmMxYjBhLThmN2UtNGQ2Yy1iNWE0LTNmMmUxZDBjOWI4Yg' },
    response: {
      status: 200,
      body: ok('Webhook events', [
        {
          eventId,
          operatorId,
          event: 'DEPOSIT',
          status: 'DEAD_LETTER',
          attempts: [{ attempt: 1, at: '2026-11-25T10:00:00.000Z', httpStatus: 500, error: null, latencyMs: 84, responseExcerpt: 'Internal Server Error' }],
          createdAt: '2026-11-25T10:00:00.000Z',
          deliveredAt: null,
        },
      ]),
    },
  },
  redeliverWebhookEvent: {
    parameters: { eventId, ...key },
    response: { status: 202, body: ok('Redelivery queued', { eventId, status: 'RETRYING' }) },
  },
  ...WIDGET_EXAMPLES,
};
