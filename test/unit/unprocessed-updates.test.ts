import { WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure, defaultFailureConverter, defaultPayloadConverter, type ProtoFailure } from '@temporalio/common';
import { rejectedUnprocessed, resendingUnprocessed } from '../../src/temporal/client/unprocessed-updates';

/** The failure the server (1.29, service/history/workflow/update/errors_failures.go) rejects an unprocessed update with, as the client decodes it. */
const serverRejection = (type = 'UnprocessedUpdate') => {
  const proto: ProtoFailure = {
    message: "Workflow Update is rejected because it wasn't processed by worker. Probably, Workflow Update is not supported by the worker.",
    source: 'Server',
    applicationFailureInfo: { type, nonRetryable: true },
  };
  return new WorkflowUpdateFailedError('Workflow Update failed', defaultFailureConverter.failureToError(proto, defaultPayloadConverter));
};

/** A call that fails with each of `failures` in turn, then answers 'done'; counts its sends. */
function call(...failures: Error[]) {
  let sends = 0;
  return {
    send: async () => {
      const failure = failures[sends++];
      if (failure) throw failure;
      return 'done';
    },
    sends: () => sends,
  };
}

describe('An update the server rejected as unprocessed', () => {
  it('When the server rejects an update unprocessed, Then it is recognised as such; a business refusal or another server failure is not', () => {
    expect(rejectedUnprocessed(serverRejection())).toBe(true);
    expect(rejectedUnprocessed(serverRejection('AcceptedUpdateCompletedWorkflow'))).toBe(false);
    expect(rejectedUnprocessed(new WorkflowUpdateFailedError('Workflow Update failed', ApplicationFailure.nonRetryable('no', 'INVALID_TRANSITION')))).toBe(false);
    expect(rejectedUnprocessed(serverRejection().cause)).toBe(false);
  });

  it('When the first sends are rejected unprocessed, Then the update is sent again until it is answered', async () => {
    const c = call(serverRejection(), serverRejection());
    await expect(resendingUnprocessed(c.send)).resolves.toBe('done');
    expect(c.sends()).toBe(3);
  });

  it('When a send is refused for a business reason, Then it is not sent again and the refusal is the answer', async () => {
    const refusal = new WorkflowUpdateFailedError('Workflow Update failed', ApplicationFailure.nonRetryable('no', 'INVALID_TRANSITION'));
    const c = call(serverRejection(), refusal);
    await expect(resendingUnprocessed(c.send)).rejects.toBe(refusal);
    expect(c.sends()).toBe(2);
  });

  it('When every send is rejected unprocessed, Then it stops after five and the last rejection is the answer', async () => {
    const rejections = Array.from({ length: 9 }, () => serverRejection());
    const c = call(...rejections);
    await expect(resendingUnprocessed(c.send)).rejects.toBe(rejections[4]);
    expect(c.sends()).toBe(5);
  });
});
