import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { loginSchema } from '../schemas/admin';
import { adminDepositView, adminWithdrawalView, loginResponse, operatorView, retryQueued } from '../schemas/admin-responses';
import { adminDepositListQuery } from '../schemas/deposits';
import { outboxItem, redeliveryStarted } from '../schemas/responses';
import { adminWebhookListQuery, webhookEventIdSchema } from '../schemas/webhooks';
import { adminStatusSchema, adminWithdrawalListQuery, withdrawalIdSchema } from '../schemas/withdrawals';
import { json, registerOperation } from './operation';
import { z } from './zod';

const nextCursor = { 'X-Next-Cursor': { description: 'The next page, absent on the last', schema: { type: 'string' as const } } };
const idParam = z.object({ id: withdrawalIdSchema });
const acting = 'ADMIN and SUPERADMIN; SUPPORT gets 403 FORBIDDEN_ROLE.';

/** The admin panel's API (raw JSON, no envelope): an admin token from POST /admin/login. */
export function registerAdminPaths(r: OpenAPIRegistry): void {
  const tag = 'Admin';
  registerOperation(r, {
    method: 'post',
    path: '/admin/login',
    tag,
    auth: 'public',
    summary: 'Exchange an email and password for an admin token',
    body: loginSchema,
    responses: { 200: json('A token', loginResponse) },
    errors: [401, 429],
  });
  registerOperation(r, { method: 'get', path: '/admin/operators', tag, auth: 'admin', summary: 'Operators (no secrets)', responses: { 200: json('Operators', z.array(operatorView)) } });
  registerOperation(r, {
    method: 'get',
    path: '/admin/webhooks',
    tag,
    auth: 'admin',
    summary: 'The webhook outbox, newest first',
    query: adminWebhookListQuery,
    responses: { 200: { ...json('A page of events', z.array(outboxItem)), headers: nextCursor } },
  });
  registerOperation(r, {
    method: 'post',
    path: '/admin/webhooks/{eventId}/redeliver',
    tag,
    auth: 'admin',
    summary: 'Redeliver a dead-lettered event',
    description: acting,
    params: z.object({ eventId: webhookEventIdSchema }),
    responses: { 202: json('A fresh delivery run started', redeliveryStarted) },
    errors: [403, 404, 409],
  });
  registerOperation(r, {
    method: 'get',
    path: '/admin/deposits',
    tag,
    auth: 'admin',
    summary: 'Deposits, newest first (status=DUST: transfers below their minimum, never credited)',
    query: adminDepositListQuery,
    responses: { 200: { ...json('A page of deposits', z.array(adminDepositView)), headers: nextCursor } },
  });
  registerOperation(r, {
    method: 'get',
    path: '/admin/withdrawals',
    tag,
    auth: 'admin',
    summary: 'Withdrawals, newest first',
    query: adminWithdrawalListQuery,
    responses: { 200: { ...json('A page of withdrawals', z.array(adminWithdrawalView)), headers: nextCursor } },
  });
  registerOperation(r, {
    method: 'patch',
    path: '/admin/withdrawals/{id}/status',
    tag,
    auth: 'admin',
    summary: 'Move a Mode A withdrawal',
    description: acting,
    params: idParam,
    body: adminStatusSchema,
    responses: { 200: json('The withdrawal after the move', adminWithdrawalView) },
    errors: [403, 404, 409],
  });
  registerOperation(r, {
    method: 'post',
    path: '/admin/withdrawals/{id}/retry',
    tag,
    auth: 'admin',
    summary: 'Requeue a headless payout (WAITING_FOR_GAS or retryable FAILED, no transaction yet)',
    description: acting,
    params: idParam,
    responses: { 202: json('Requeued', retryQueued) },
    errors: [403, 404, 409],
  });
}
