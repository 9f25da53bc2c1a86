import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { ServiceError, WorkflowUpdateFailedError, WorkflowUpdateRPCTimeoutOrCancelledError } from '@temporalio/client';
import { ApplicationFailure, defaultFailureConverter, defaultPayloadConverter, type ProtoFailure } from '@temporalio/common';
import express from 'express';
import { createLogger } from '../../src/adapters/logger';
import { errorHandler } from '../../src/api/error-handler';
import { temporalUnreachable } from '../../src/temporal/client/unreachable';

/** What @grpc/grpc-js rejects a call with: a code, its details and the metadata. */
function grpcError(code: number, details: string): Error {
  return Object.assign(new Error(`${code} ${details}`), { code, details, metadata: {} });
}

/** The client's "Workflow Update failed" when the update's gRPC call fails (workflow-client.ts, rethrowGrpcError). */
const updateCallFailed = (code: number, details: string) => new ServiceError('Workflow Update failed', { cause: grpcError(code, details) });

async function answer(err: Error): Promise<{ status: number; retryAfter: string | null; body: Record<string, unknown>; log: string }> {
  const stream = new PassThrough();
  let log = '';
  stream.on('data', (c: Buffer) => (log += c.toString()));
  const app = express();
  app.post('/move', () => {
    throw err;
  });
  app.use(errorHandler(createLogger({ level: 'info', stream })));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/move`, { method: 'POST' });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Record<string, unknown>, log };
  } finally {
    server.close();
  }
}

describe('Temporal out of reach', () => {
  it('When an update call fails because the server or the worker behind the workflow is unavailable, Then the API answers 503 SERVICE_UNAVAILABLE with Retry-After and logs the gRPC code, never 500', async () => {
    const err = updateCallFailed(14, 'Workflow Update was aborted.');
    expect(temporalUnreachable(err)).toBe(true);
    const r = await answer(err);
    expect([r.status, r.retryAfter, r.body.errorCode]).toEqual([503, '1', 'SERVICE_UNAVAILABLE']);
    const line = JSON.parse(r.log.trim().split('\n').pop()!) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 'warn', msg: 'temporal unreachable', err: { name: 'ServiceError', message: 'Workflow Update failed', cause: { code: 14 } } });
  });

  it('When the call timed out or the server was overloaded, Then it is out of reach too', () => {
    expect(temporalUnreachable(new WorkflowUpdateRPCTimeoutOrCancelledError('Workflow update call timeout or cancelled', { cause: grpcError(4, 'deadline') }))).toBe(true);
    expect(temporalUnreachable(updateCallFailed(8, 'namespace rate limit exceeded'))).toBe(true);
    // What the crash campaign's API logged while the worker was being killed.
    expect(temporalUnreachable(updateCallFailed(9, 'Unable to perform workflow execution update due to Workflow Task in failed state.'))).toBe(true);
    expect(temporalUnreachable(updateCallFailed(9, 'Workflow execution already completed'))).toBe(false);
  });

  it('When the server rejected an update its worker did not take up (still, after the resends), Then the API answers 503, never 500: the workflow never saw it', async () => {
    const proto: ProtoFailure = { message: "Workflow Update is rejected because it wasn't processed by worker.", source: 'Server', applicationFailureInfo: { type: 'UnprocessedUpdate', nonRetryable: true } };
    const err = new WorkflowUpdateFailedError('Workflow Update failed', defaultFailureConverter.failureToError(proto, defaultPayloadConverter));
    expect(temporalUnreachable(err)).toBe(true);
    const r = await answer(err);
    expect([r.status, r.body.errorCode]).toEqual([503, 'SERVICE_UNAVAILABLE']);
  });

  it('When Temporal answered (a bad request, or the workflow refused the update), Then it is not out of reach and stays the error it is', async () => {
    expect(temporalUnreachable(updateCallFailed(3, 'invalid argument'))).toBe(false);
    expect(temporalUnreachable(new ServiceError('Unexpected error while making gRPC request', { cause: new Error('x') }))).toBe(false);
    const refused = new WorkflowUpdateFailedError('Workflow Update failed', ApplicationFailure.create({ type: 'INVALID_TRANSITION', message: 'PENDING cannot move to COMPLETED', nonRetryable: true }));
    expect(temporalUnreachable(refused)).toBe(false);
    expect((await answer(refused)).status).toBe(409);
    expect((await answer(updateCallFailed(3, 'invalid argument'))).status).toBe(500);
  });
});
