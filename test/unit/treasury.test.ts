import { depthOf, topUpState, transferKey } from '../../src/domain/treasury';

describe('topUpState', () => {
  const deep = { depth: 3, confirmations: 3 };

  it('When the transfer is recorded, Then it stays booked, even once its source is removed or the chain is shallow again', () => {
    expect(topUpState({ recorded: true, fromActiveSource: false, ...deep })).toBe('BOOKED');
    expect(topUpState({ recorded: true, fromActiveSource: true, depth: 1, confirmations: 3 })).toBe('BOOKED');
  });

  it('When it comes from an active source with the confirmations, Then it is to be recorded', () => {
    expect(topUpState({ recorded: false, fromActiveSource: true, ...deep })).toBe('RECORD');
    expect(topUpState({ recorded: false, fromActiveSource: true, depth: 10, confirmations: 3 })).toBe('RECORD');
  });

  it('When it comes from an active source one confirmation short, Then it is pending', () => {
    expect(topUpState({ recorded: false, fromActiveSource: true, depth: 2, confirmations: 3 })).toBe('PENDING');
  });

  it('When it comes from any other address, Then it is unbooked however deep', () => {
    expect(topUpState({ recorded: false, fromActiveSource: false, depth: 100, confirmations: 3 })).toBe('UNBOOKED');
  });
});

describe('depthOf', () => {
  it('counts the block itself as one confirmation and a block past the head as none', () => {
    expect(depthOf(10, 10)).toBe(1);
    expect(depthOf(10, 12)).toBe(3);
    expect(depthOf(11, 10)).toBe(0);
  });
});

describe('transferKey', () => {
  it('names a log by its lower-cased hash and index, so both letter cases of a hash meet', () => {
    expect(transferKey('0xABCdef', 4)).toBe(transferKey('0xabcDEF', 4));
    expect(transferKey('0xab', 4)).not.toBe(transferKey('0xab', 5));
  });
});
