import { postWebhook } from '../adapters/webhook-http';
import { decryptSecret } from '../domain/credentials';
import { AppError } from '../domain/errors';
import type { Cidr } from '../domain/webhook-destination';
import { encodeWithdrawRequest } from '../domain/webhook-events';
import { signatureHeader } from '../domain/webhook-signature';
import { denial } from '../domain/withdrawals';

export interface WithdrawRequestFields {
  withdrawRequestId: string;
  sessionRef: string;
  externalUserId: string;
  address: string;
  symbol: string;
  fiatCurrency: string;
  fiatAmount: string;
  cryptoAmountSent: string;
  amountInUsd: string;
}

/** The WITHDRAW_REQUEST body (spec 6.2); cryptoAmount is always null. */
export function withdrawRequestBody(f: WithdrawRequestFields, requestedAt: Date): string {
  return encodeWithdrawRequest({
    withdrawRequestId: f.withdrawRequestId,
    sessionRef: f.sessionRef,
    externalUserId: f.externalUserId,
    type: 'DIRECT_TRANSFER',
    address: f.address,
    cryptoCurrencyCode: f.symbol,
    fiatCurrencyCode: f.fiatCurrency,
    fiatAmount: f.fiatAmount,
    cryptoAmount: null,
    cryptoAmountSent: f.cryptoAmountSent,
    amountInUsd: f.amountInUsd,
    requestedAt: requestedAt.toISOString(),
  });
}

/**
 * Mode A: asks the operator synchronously, before anything is persisted. error 0 approves and returns; a deny code
 * throws its errorCode; an unreachable, slow or failing operator denies as WITHDRAW_UNAVAILABLE (fail closed).
 * X-Event-Id is the withdrawRequestId: it exists before anything is stored (CONTRACT §6).
 */
export async function askOperatorToApprove(
  operator: { webhookUrl: string | null; webhookSecretEnc: string | null },
  secretsKey: string,
  timeoutMs: number,
  allowed: Cidr[],
  fields: WithdrawRequestFields,
): Promise<void> {
  const unavailable = new AppError('WITHDRAW_UNAVAILABLE', 'Withdrawals are temporarily unavailable; try again later');
  if (!operator.webhookUrl || !operator.webhookSecretEnc) throw unavailable;
  const now = new Date();
  const body = withdrawRequestBody(fields, now);
  const signature = signatureHeader(decryptSecret(operator.webhookSecretEnc, secretsKey), Math.floor(now.getTime() / 1000), body);
  const res = await postWebhook({
    url: operator.webhookUrl,
    body,
    timeoutMs,
    allowed,
    headers: { 'X-Signature': signature, 'X-Event-Id': fields.withdrawRequestId, 'X-Delivery-Attempt': '1' },
  });
  if (res.ack?.acknowledged) return;
  const code = res.httpStatus !== null && res.httpStatus >= 200 && res.httpStatus < 300 ? res.ack?.error : null;
  if (code === null || code === undefined) throw unavailable;
  const { errorCode, message } = denial(code, res.ack?.description ?? null);
  throw new AppError(errorCode, message);
}
