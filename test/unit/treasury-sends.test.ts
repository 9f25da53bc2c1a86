import {
  confirmPayoutArg,
  payoutChildWorkflowId,
  payoutTarget,
  payoutTargetOfArg,
  purposeSubject,
  treasuryPayoutWorkflowId,
  treasuryPurpose,
  treasurySendWorkflowId,
} from '../../src/domain/keys';
import { RegistryInputError } from '../../src/domain/registry-input';
import { coldAddressView, insufficientLiquidity, treasuryAmountRaw, TreasuryRefusal, treasurySendState, treasuryStatus } from '../../src/domain/treasury-sends';

const W = '0b7c8f0e-3a51-4c1e-9d2f-5b1f0e8a7c11';
const T = '5f1d2c3b-4a59-4e86-b7a1-c2d3e4f5a6b7';

describe('treasury send keys', () => {
  it('When a send is named, Then its workflow, its payout child and its purpose have their fixed forms', () => {
    expect(treasurySendWorkflowId(T)).toBe(`treasury-send-${T}`);
    expect(treasuryPayoutWorkflowId(T)).toBe(`treasury-payout-${T}`);
    expect(treasuryPurpose(T)).toBe(`treasury:${T}`);
    expect(purposeSubject('treasury', treasuryPurpose(T))).toBe(T);
  });

  it('When a payout child input has no purpose (every run begun before treasury sends), Then it pays the withdrawal as before', () => {
    const target = payoutTarget({ withdrawalId: W });
    expect(target).toEqual({ kind: 'withdrawal', withdrawalId: W });
    expect(payoutChildWorkflowId(target)).toBe(`payout-${W}`);
    // The recorded histories pass the withdrawal id to confirmPayout: it must stay exactly that.
    expect(confirmPayoutArg(target)).toBe(W);
    expect(payoutTargetOfArg(W)).toEqual(target);
  });

  it('When a payout child input carries a treasury purpose, Then it pays that send under its own child id', () => {
    const target = payoutTarget({ purpose: treasuryPurpose(T) });
    expect(target).toEqual({ kind: 'treasury', transferId: T });
    expect(payoutChildWorkflowId(target)).toBe(`treasury-payout-${T}`);
    expect(confirmPayoutArg(target)).toBe(`treasury:${T}`);
    expect(payoutTargetOfArg(confirmPayoutArg(target))).toEqual(target);
  });

  it('When a payout child input names neither, or a purpose it does not pay, Then it is refused', () => {
    expect(() => payoutTarget({})).toThrow('withdrawal id or a purpose');
    expect(() => payoutTarget({ purpose: `sweep:${T}` })).toThrow('pays no purpose');
  });
});

describe('treasury send status', () => {
  it('When the row is final or not yet signed, Then the row says it', () => {
    expect(treasuryStatus('REQUESTED', null)).toBe('REQUESTED');
    expect(treasuryStatus('CONFIRMED', { status: 'CONFIRMED' })).toBe('CONFIRMED');
    expect(treasuryStatus('FAILED', { status: 'FAILED' })).toBe('FAILED');
    expect(treasuryStatus('FAILED', null)).toBe('FAILED');
  });

  it('When signed, Then it is SIGNED until its stored transaction is sent, BROADCAST from then until it is final', () => {
    expect(treasuryStatus('SIGNED', { status: 'SIGNED' })).toBe('SIGNED');
    expect(treasuryStatus('SIGNED', null)).toBe('SIGNED');
    expect(treasuryStatus('SIGNED', { status: 'BROADCAST' })).toBe('BROADCAST');
    // Confirmed on chain, completion not yet committed: still on its way.
    expect(treasuryStatus('SIGNED', { status: 'CONFIRMED' })).toBe('BROADCAST');
  });
});

describe('treasury send amount', () => {
  it('When the amount fits the asset, Then it is exact in raw units', () => {
    expect(treasuryAmountRaw('12.5', 6)).toBe(12_500_000n);
    expect(treasuryAmountRaw('0.000001', 6)).toBe(1n);
    expect(treasuryAmountRaw('3', 0)).toBe(3n);
    expect(treasuryAmountRaw('1.000000000000000001', 18)).toBe(1_000_000_000_000_000_001n);
  });

  it('When the amount is zero, negative, not a number or finer than the asset, Then it is a wrong call', () => {
    for (const bad of ['0', '0.000', '-1', '1e3', 'abc', '', '1.', '.5', '1.0000001']) {
      expect(() => treasuryAmountRaw(bad, 6)).toThrow(RegistryInputError);
    }
  });

  it('When the bankroll cannot fund it, Then the refusal is a wrong call naming the asset', () => {
    const refusal = insufficientLiquidity('USDT');
    expect(refusal).toBeInstanceOf(TreasuryRefusal);
    expect(refusal).toBeInstanceOf(RegistryInputError);
    expect(refusal.message).toContain('unreserved USDT');
  });
});

describe('a send and a cold address as shown', () => {
  it('When a send was bumped, Then its hash is the stored transaction\'s; before signing, the row\'s', () => {
    expect(treasurySendState({ status: 'SIGNED', txHash: '0xfirst' }, { status: 'BROADCAST', txHash: '0xbumped' })).toEqual({ status: 'BROADCAST', txHash: '0xbumped', stuck: false });
    expect(treasurySendState({ status: 'REQUESTED', txHash: null }, null)).toEqual({ status: 'REQUESTED', txHash: null, stuck: false });
  });

  it('When the fee-bump check marked the transaction stuck, Then the send shows stuck until it is final', () => {
    const stuckAt = new Date();
    expect(treasurySendState({ status: 'SIGNED', txHash: '0xa' }, { status: 'BROADCAST', txHash: '0xa', stuckAt }).stuck).toBe(true);
    expect(treasurySendState({ status: 'SIGNED', txHash: '0xa' }, { status: 'SIGNED', txHash: '0xa', stuckAt }).stuck).toBe(true);
    expect(treasurySendState({ status: 'CONFIRMED', txHash: '0xa' }, { status: 'CONFIRMED', txHash: '0xa', stuckAt }).stuck).toBe(false);
    expect(treasurySendState({ status: 'SIGNED', txHash: '0xa' }, { status: 'BROADCAST', txHash: '0xa', stuckAt: null }).stuck).toBe(false);
  });

  it('When a cold address was removed and added again, Then it shows the second registration\'s time and who made it', () => {
    const row = { chainId: 31337, address: '0xabc', addedBy: 'carol', createdAt: new Date('2026-01-01T00:00:00Z'), updatedAt: new Date('2026-02-01T00:00:00Z') };
    expect(coldAddressView(row)).toEqual({ chainId: 31337, address: '0xabc', addedBy: 'carol', addedAt: '2026-02-01T00:00:00.000Z' });
  });
});
