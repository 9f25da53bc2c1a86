import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { checkDepositorParamsSchema, createDepositorSchema } from '../schemas/depositor';
import { headlessCreateSchema, optionsQuerySchema } from '../schemas/headless';
import * as out from '../schemas/responses';
import { depositSessionSchema, sessionIdSchema, withdrawSessionSchema } from '../schemas/sessions';
import { operatorWebhookListQuery, testWebhookSchema, webhookEventIdSchema } from '../schemas/webhooks';
import { decisionSchema, withdrawalIdSchema } from '../schemas/withdrawals';
import { json, registerOperation } from './operation';
import { z } from './zod';

const { envelope } = out;
const headless = 'Needs headless mode enabled for the operator (else 403 HEADLESS_NOT_ENABLED).';
const sessionRef = z.object({ sessionRef: z.string() });

/** The operator's API: its API key as a Bearer token. */
export function registerOperatorPaths(r: OpenAPIRegistry): void {
  const sessions = { tag: 'Sessions', auth: 'operator' } as const;
  registerOperation(r, {
    ...sessions,
    method: 'post',
    path: '/session/deposit',
    summary: 'Create a deposit session (widget URL and sid)',
    body: depositSessionSchema,
    responses: { 201: json('Created', envelope(out.sessionCreated)) },
  });
  registerOperation(r, {
    ...sessions,
    method: 'post',
    path: '/session/withdraw',
    summary: 'Create a withdraw session, or a headless withdrawal intent (executionMode HEADLESS)',
    description: `A headless intent: ${headless}`,
    body: z.union([withdrawSessionSchema, headlessCreateSchema]),
    responses: { 201: json('Created: a widget session, or a headless intent', envelope(z.union([out.sessionCreated, out.headlessCreated]))) },
    errors: [409, 503],
  });
  registerOperation(r, {
    ...sessions,
    method: 'post',
    path: '/session/{uuid}/cancel',
    summary: 'Cancel an open session',
    params: z.object({ uuid: z.string() }),
    responses: { 200: json('Cancelled', envelope(out.sessionCancelled)) },
    errors: [400, 404],
  });
  registerOperation(r, {
    ...sessions,
    method: 'post',
    path: '/session/{uuid}/test-webhook',
    summary: "Send a signed test event (test=true) to the operator's webhook; no funds move",
    params: z.object({ uuid: sessionIdSchema }),
    body: testWebhookSchema,
    responses: { 200: json('The delivery outcome', out.shortEnvelope(out.testWebhookResult)) },
    errors: [404, 429],
  });

  const depositors = { tag: 'Depositors', auth: 'operator' } as const;
  registerOperation(r, {
    ...depositors,
    method: 'post',
    path: '/depositor/create',
    summary: "Allocate a user's deposit address (idempotent)",
    body: createDepositorSchema,
    responses: { 200: json('Already existed', envelope(out.depositorCreated)), 201: json('Created', envelope(out.depositorCreated)) },
  });
  registerOperation(r, {
    ...depositors,
    method: 'get',
    path: '/depositor/{externalUserId}/check',
    summary: "A user's addresses and latest deposits",
    params: checkDepositorParamsSchema,
    responses: { 200: json('The depositor (exists false when unknown)', envelope(out.depositorCheck)) },
    errors: [400],
  });

  const withdrawals = { tag: 'Withdrawals', auth: 'operator' } as const;
  registerOperation(r, {
    ...withdrawals,
    method: 'post',
    path: '/withdraw/{id}/decision',
    summary: 'Approve or reject an external-approval (Mode B) withdrawal',
    params: z.object({ id: withdrawalIdSchema }),
    body: decisionSchema,
    responses: { 200: json("The withdrawal's state", out.shortEnvelope(out.decisionResult)) },
    errors: [404, 409],
  });

  const intents = { tag: 'Headless withdrawals', auth: 'operator', description: headless } as const;
  registerOperation(r, {
    ...intents,
    method: 'get',
    path: '/withdraw/options',
    summary: 'Payable chains and tokens with the available liquidity',
    query: optionsQuerySchema,
    responses: { 200: json('Options', envelope(out.withdrawOptions)) },
    errors: [404],
  });
  registerOperation(r, {
    ...intents,
    method: 'post',
    path: '/withdrawals/{sessionRef}/execute',
    summary: 'Price and queue the payout of an intent (idempotent)',
    params: sessionRef,
    responses: { 202: json('Queued (or replayed)', envelope(out.executeResult)) },
    errors: [404, 409, 503],
  });
  registerOperation(r, {
    ...intents,
    method: 'get',
    path: '/withdrawals/{sessionRef}',
    summary: "An intent's status record",
    params: sessionRef,
    responses: { 200: json('The record', envelope(out.headlessStatusRecord)) },
    errors: [404],
  });
  registerOperation(r, {
    ...intents,
    method: 'post',
    path: '/withdrawals/{sessionRef}/cancel',
    summary: 'Cancel an intent before anything is signed',
    params: sessionRef,
    responses: { 200: json('Cancelled', envelope(out.headlessCancelled)) },
    errors: [404, 409],
  });

  const events = { tag: 'Webhook events', auth: 'operator' } as const;
  registerOperation(r, {
    ...events,
    method: 'get',
    path: '/webhooks/events',
    summary: "The operator's (and its sub-operators') webhook events with their attempts, newest first",
    query: operatorWebhookListQuery,
    responses: {
      200: {
        ...json('A page of events', envelope(z.array(out.outboxItem))),
        headers: { 'X-Next-Cursor': { description: 'The next page, absent on the last', schema: { type: 'string' } } },
      },
    },
  });
  registerOperation(r, {
    ...events,
    method: 'post',
    path: '/webhooks/events/{eventId}/redeliver',
    summary: 'Redeliver one of its dead-lettered events',
    params: z.object({ eventId: webhookEventIdSchema }),
    responses: { 202: json('A fresh delivery run started', envelope(out.redeliveryStarted)) },
    errors: [404, 409],
  });
}
