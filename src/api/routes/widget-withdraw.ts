import { submitDirectTransfer } from '../../use-cases/submit-direct-transfer';
import { sidCredential } from '../auth-kinds';
import { endpoint } from '../endpoint';
import { sendEnvelope } from '../envelope';
import { currentSession } from '../middleware/sid-auth';
import { json } from '../openapi/operation';
import { directTransferAccepted, envelope } from '../schemas/responses';
import { directTransferSchema } from '../schemas/withdrawals';

/** POST /withdraw/direct-transfer (sid): the steps are the use case's (src/use-cases/submit-direct-transfer.ts). */
export const directTransferEndpoint = endpoint({
  operationId: 'requestDirectTransfer',
  method: 'post',
  path: '/withdraw/direct-transfer',
  tag: 'Widget (sid)',
  auth: sidCredential(),
  summary: "Request a withdrawal of the session's amount to an address",
  description:
    "Spec 4.7: called by the widget; initiates the withdrawal to the address, network and token the user supplies, for the session's locked amount. The operator's approval mode decides what follows (WITHDRAW_REQUEST, spec 6.2).",
  body: directTransferSchema,
  responses: { 201: json('The withdrawal request', envelope(directTransferAccepted)) },
  errors: [
    'INVALID_ADDRESS',
    'OPERATOR_INACTIVE',
    'WITHDRAW_IN_PROGRESS',
    'WITHDRAW_DECLINED',
    'INSUFFICIENT_BALANCE',
    'WITHDRAW_UNAVAILABLE',
    'USER_NOT_ELIGIBLE',
    'DAILY_LIMIT_EXCEEDED',
    'WITHDRAW_AMOUNT_TOO_LOW',
    'WITHDRAW_AMOUNT_TOO_HIGH',
    'ACCOUNT_VERIFICATION_REQUIRED',
    'WITHDRAW_SUSPENDED',
    'INSUFFICIENT_LIQUIDITY',
    'WITHDRAW_CAP_UNVERIFIABLE',
    'PRICE_UNAVAILABLE',
  ],
  handler: async ({ deps, body, res }) => {
    const result = await submitDirectTransfer(deps, currentSession(res), body);
    sendEnvelope(res, 201, 'Withdrawal requested', result);
  },
});
