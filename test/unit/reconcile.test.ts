import { assetBooks, depositEventProblems, depositTransferMatches, failingStreak, NATIVE, payoutProblem, scanRange, sharedHashes } from '../../src/domain/reconcile';

const TOKEN = '0x00000000000000000000000000000000000000Aa';
const BANKROLL = '0x00000000000000000000000000000000000000B0';
const TO = '0x00000000000000000000000000000000000000C0';

describe('assetBooks', () => {
  const opening = { asset: TOKEN, balance: 1_000n, blockNumber: 10 };

  it('When movements after the opening are booked, Then books = opening + their sum and the chain agrees', () => {
    const movements = [{ asset: TOKEN, raw: 300n, block: 11, booked: true }, { asset: TOKEN, raw: -100n, block: 12, booked: true }];
    expect(assetBooks(opening, movements, 1_200n, 20)).toEqual({ books: 1_200n, pending: 0n, difference: 0n });
  });

  it('When a movement was mined at or before the opening block, or after the block read, Then it is not counted', () => {
    const movements = [{ asset: TOKEN, raw: 5n, block: 10, booked: true }, { asset: TOKEN, raw: 7n, block: 21, booked: true }];
    expect(assetBooks(opening, movements, 1_000n, 20).difference).toBe(0n);
  });

  it('When a payout is mined but not yet final, Then it is pending, not a difference', () => {
    const movements = [{ asset: TOKEN, raw: -50n, block: 15, booked: false }];
    expect(assetBooks(opening, movements, 950n, 20)).toEqual({ books: 1_000n, pending: -50n, difference: 0n });
  });

  it('When the chain holds more than the books (tokens sent outside them), Then the difference says how much', () => {
    expect(assetBooks(opening, [], 1_042n, 20).difference).toBe(42n);
  });

  it('When movements are of another asset, Then they do not touch this one (addresses compared case-insensitively)', () => {
    const movements = [{ asset: NATIVE, raw: -9n, block: 15, booked: true }, { asset: TOKEN.toLowerCase(), raw: 1n, block: 15, booked: true }];
    expect(assetBooks(opening, movements, 1_001n, 20).difference).toBe(0n);
  });
});

describe('payoutProblem', () => {
  const expected = { token: TOKEN, from: BANKROLL, to: TO, value: 500n };
  const log = { ...expected };

  it('When the receipt has exactly one matching Transfer, Then there is no problem', () => {
    expect(payoutProblem(expected, { status: 1, transfers: [{ ...log, to: TO.toLowerCase() }] })).toBeNull();
  });

  it.each([
    ['not mined', null, 'PAYOUT_NOT_ON_CHAIN'],
    ['reverted', { status: 0, transfers: [] }, 'PAYOUT_REVERTED'],
    ['another amount', { status: 1, transfers: [{ ...log, value: 499n }] }, 'PAYOUT_TRANSFER_MISSING'],
    ['another recipient', { status: 1, transfers: [{ ...log, to: BANKROLL }] }, 'PAYOUT_TRANSFER_MISSING'],
    ['two transfers', { status: 1, transfers: [log, log] }, 'PAYOUT_TRANSFER_REPEATED'],
  ])('When the payout is %s, Then %s', (_what, receipt, problem) => {
    expect(payoutProblem(expected, receipt)).toBe(problem);
  });
});

describe('sharedHashes', () => {
  it('When two withdrawals record one hash (in any case), Then both are named', () => {
    expect(sharedHashes([{ id: 'a', hash: '0xAB' }, { id: 'b', hash: '0xab' }, { id: 'c', hash: '0xcd' }])).toEqual([{ hash: '0xab', ids: ['a', 'b'] }]);
  });
});

describe('depositEventProblems', () => {
  it('When each credited deposit has one event, Then nothing is wrong', () => {
    expect(depositEventProblems(['1', '2'], ['2', '1'])).toEqual([]);
  });

  it('When an event is missing, repeated, or names a deposit not credited, Then each is named', () => {
    expect(depositEventProblems(['1', '2'], ['2', '2', '3'])).toEqual([
      { depositId: '1', problem: 'DEPOSIT_EVENT_MISSING' },
      { depositId: '2', problem: 'DEPOSIT_EVENT_REPEATED' },
      { depositId: '3', problem: 'DEPOSIT_EVENT_NOT_CREDITED' },
    ]);
  });
});

describe('depositTransferMatches', () => {
  const token = { token: TOKEN, to: TO, gross: 70n, logIndex: 2 };

  it('When the token Transfer at the deposit log index goes to the address for the gross amount, Then it matches', () => {
    expect(depositTransferMatches(token, [{ kind: 'token', logIndex: 2, log: { token: TOKEN, from: BANKROLL, to: TO, value: 70n } }])).toBe(true);
  });

  it('When the log index, amount or asset differs, Then it does not match', () => {
    const log = { token: TOKEN, from: BANKROLL, to: TO, value: 70n };
    expect(depositTransferMatches(token, [{ kind: 'token', logIndex: 3, log }])).toBe(false);
    expect(depositTransferMatches(token, [{ kind: 'token', logIndex: 2, log: { ...log, value: 71n } }])).toBe(false);
    expect(depositTransferMatches(token, [{ kind: 'native', to: TO, value: 70n }])).toBe(false);
  });

  it('When a native deposit sent the gross value to the address, Then it matches', () => {
    expect(depositTransferMatches({ token: null, to: TO, gross: 9n, logIndex: -1 }, [{ kind: 'native', to: TO.toLowerCase(), value: 9n }])).toBe(true);
  });
});

describe('scanRange', () => {
  it('When the range after the opening is short, Then every block after the opening up to the block read is scanned', () => {
    expect(scanRange(10, 15, 100)).toEqual({ from: 11, to: 15 });
  });

  it('When the range is longer than the bound, Then only the newest blocks are scanned', () => {
    expect(scanRange(10, 1_000, 100)).toEqual({ from: 901, to: 1_000 });
  });

  it('When nothing was mined after the opening, Then there is nothing to scan', () => {
    expect(scanRange(15, 15, 100)).toBeNull();
  });
});

describe('failingStreak', () => {
  it('When the newest run was ok, Then the streak is 0 whatever came before', () => {
    expect(failingStreak([true, false, false])).toBe(0);
  });

  it('When the newest runs found differences, Then they are counted up to the last ok run', () => {
    expect(failingStreak([false, false, true, false])).toBe(2);
    expect(failingStreak([false, false])).toBe(2);
    expect(failingStreak([])).toBe(0);
  });
});
