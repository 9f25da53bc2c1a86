import { isAddress } from 'ethers';
import { postWebhook, type WebhookResponse } from '../../adapters/webhook-http';
import { decryptSecret } from '../../domain/credentials';
import { AppError } from '../../domain/errors';
import { testEventId } from '../../domain/keys';
import { buildTestEventBody, testEventName } from '../../domain/test-webhook';
import { signatureHeader } from '../../domain/webhook-signature';
import { operatorKey } from '../auth-kinds';
import { endpoint } from '../endpoint';
import { sendShortEnvelope } from '../envelope';
import { currentOperator } from '../middleware/auth';
import { json } from '../openapi/operation';
import { z } from '../openapi/zod';
import { operatorScope } from '../../store/operator-reads';
import { sessionInScope } from '../../store/session-reads';
import { takeRateLimitSlot } from '../../store/rate-limits';
import * as out from '../schemas/responses';
import { sessionIdSchema } from '../schemas/sessions';
import { testWebhookSchema } from '../schemas/webhooks';

/** Spec 4.3 / CONTRACT §3: 5 test sends a minute per operator. */
const TEST_SENDS_PER_MINUTE = 5;
/** Spec 6 rule 4: one synchronous delivery with 2 network-level attempts. */
const NETWORK_ATTEMPTS = 2;

function outcome(res: WebhookResponse) {
  const delivered = res.ack?.acknowledged === true;
  const reason = res.networkError ?? (res.ack && !res.ack.acknowledged ? res.ack.reason : undefined);
  return { delivered, status: res.httpStatus, ...(delivered ? {} : { reason }) };
}

/** POST /session/:uuid/test-webhook: a real signed DEPOSIT or WITHDRAW_COMPLETE with test=true; no funds move. */
export const testWebhookEndpoints = [
  endpoint({
    operationId: 'sendTestWebhook',
    method: 'post',
    path: '/session/:uuid/test-webhook',
    tag: 'Sessions',
    auth: operatorKey(),
    summary: "Send a signed test event (test=true) to the operator's webhook; no funds move",
    description:
      "Spec 4.3: fires a real signed webhook with `test=true` at the operator's own webhookUrl, synchronously (2 network-level attempts); no funds move. A deposit session sends DEPOSIT, a withdraw session WITHDRAW_COMPLETE. A rejected or unreachable endpoint is not an error of this call: 200 with delivered false and a reason. 5 requests per minute.",
    params: z.object({ uuid: sessionIdSchema }),
    // The body first: a refused request must not spend one of the caller's test sends.
    body: testWebhookSchema,
    responses: { 200: json('The delivery outcome', out.shortEnvelope(out.testWebhookResult)) },
    errors: ['INVALID_ADDRESS', 'SESSION_NOT_FOUND', 'RATE_LIMITED', 'WEBHOOK_NOT_CONFIGURED', 'EXTERNAL_USER_MISSING'],
    handler: async ({ deps: { db, config }, body, params, res }) => {
    if (body.address !== undefined && !isAddress(body.address)) {
      throw new AppError('INVALID_ADDRESS', 'address is not a valid EVM address', { omitCode: true });
    }
    const caller = currentOperator(res);
    const session = params ? await sessionInScope(db, params.uuid, await operatorScope(db, caller)) : null;
    if (!session) throw new AppError('SESSION_NOT_FOUND', 'No such session');
    await takeRateLimitSlot(db, caller.id, 'test-webhook', TEST_SENDS_PER_MINUTE, 60_000);

    // Real events for this session would go to the session owner's endpoint, so the test goes there too.
    const { webhookUrl, webhookSecretEnc } = session.operator;
    if (!webhookUrl || !webhookSecretEnc) throw new AppError('WEBHOOK_NOT_CONFIGURED', 'The operator has no webhookUrl or webhookSecret');
    if (!session.externalUserId) throw new AppError('EXTERNAL_USER_MISSING', 'The session has no externalUserId');

    const now = new Date();
    const event = testEventName(session.type);
    const payload = buildTestEventBody(
      {
        sid: session.id,
        sessionRef: session.sessionRef,
        type: session.type,
        externalUserId: session.externalUserId,
        amount: session.amount.toString(),
        platformFiatCurrency: session.platformFiatCurrency,
      },
      body,
      now,
    );
    const signature = signatureHeader(decryptSecret(webhookSecretEnc, config.SECRETS_KEY), Math.floor(now.getTime() / 1000), payload);
    let result: WebhookResponse | null = null;
    for (let attempt = 1; attempt <= NETWORK_ATTEMPTS && (!result || result.httpStatus === null); attempt++) {
      result = await postWebhook({
        url: webhookUrl,
        body: payload,
        timeoutMs: config.WEBHOOK_TIMEOUT_MS,
        allowed: config.WEBHOOK_ALLOWED_PRIVATE_CIDRS,
        headers: { 'X-Signature': signature, 'X-Event-Id': testEventId(session.id), 'X-Delivery-Attempt': String(attempt) },
      });
    }
    sendShortEnvelope(res, 200, { ...outcome(result!), event });
    },
  }),
];
