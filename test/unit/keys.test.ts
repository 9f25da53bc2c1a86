import {
  chainScannerWorkflowId,
  depositEventKey,
  depositIdempotencyKey,
  depositWorkflowId,
  feePurpose,
  gasPurpose,
  headlessEventKey,
  headlessWorkflowId,
  payoutPurpose,
  purposeSubject,
  sweepPurpose,
  webhookRelayWorkflowId,
  webhookWorkflowId,
  withdrawCompleteKey,
  withdrawalRelayWorkflowId,
  withdrawalWorkflowId,
} from '../../src/domain/keys';

// Running workflows and stored rows are found by these strings: they never change.
describe('business keys', () => {
  it('When a workflow id is built, Then it is the stored form of CONTRACT §1', () => {
    expect(headlessWorkflowId('sr_1')).toBe('headless-sr_1');
    expect(withdrawalWorkflowId({ id: 'w1', mode: 'A', sessionRef: 'sr_1' })).toBe('withdrawal-w1');
    expect(withdrawalWorkflowId({ id: 'w1', mode: 'B', sessionRef: 'sr_1' })).toBe('withdrawal-w1');
    expect(withdrawalWorkflowId({ id: 'w1', mode: 'C', sessionRef: 'sr_1' })).toBe('headless-sr_1');
    expect(depositWorkflowId({ chainId: 31337, txHash: '0xab', logIndex: 4 })).toBe('deposit-31337-0xab-4');
    expect(depositWorkflowId({ chainId: 31337, txHash: '0xab', logIndex: -1 })).toBe('deposit-31337-0xab-native');
    expect(depositIdempotencyKey({ chainId: 1, txHash: '0xcd', logIndex: 0 })).toBe('deposit-1-0xcd-0');
    expect(webhookWorkflowId('e1')).toBe('webhook-e1');
    expect(webhookRelayWorkflowId('q')).toBe('webhook-relay-q');
    expect(withdrawalRelayWorkflowId('q')).toBe('withdrawal-relay-q');
    expect(chainScannerWorkflowId('q', 31337)).toBe('chain-scanner-q-31337');
  });

  it('When a purpose or an outbox key is built, Then it is the stored form, and the subject reads back', () => {
    expect([payoutPurpose('w1'), sweepPurpose(7n), feePurpose(7n), gasPurpose('7')]).toEqual(['payout:w1', 'sweep:7', 'fee:7', 'gas:7']);
    expect(purposeSubject('payout', 'payout:w1')).toBe('w1');
    expect(purposeSubject('gas', 'gas:7')).toBe('7');
    expect(withdrawCompleteKey('w1')).toBe('WITHDRAW_COMPLETE:w1');
    expect(depositEventKey(7n)).toBe('DEPOSIT:7');
    expect([headlessEventKey.cancelled('w'), headlessEventKey.failed('w', 2)]).toEqual(['headless:w:cancelled', 'headless:w:failed:2']);
  });
});
