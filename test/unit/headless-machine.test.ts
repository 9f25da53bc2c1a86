import {
  allowsHeadless,
  HEADLESS_MOVE_NAMES,
  HEADLESS_MOVES,
  HEADLESS_STATUSES,
  headlessSourceFilter,
  isTerminal,
  type HeadlessMoveName,
  type HeadlessStatus,
} from '../../src/domain/headless-machine';
import type { Actor } from '../../src/domain/state-machine';

/** The Mode C machine as the spec (4.10-4.13) and CONTRACT §4 describe it: each move's sources, target and actors. */
const SPEC: Record<HeadlessMoveName, { from: HeadlessStatus[]; to: HeadlessStatus; by: Actor[]; beforeSigning: boolean }> = {
  execute: { from: ['CREATED'], to: 'EXECUTION_QUEUED', by: ['operator'], beforeSigning: false },
  expire: { from: ['CREATED'], to: 'EXPIRED', by: ['workflow'], beforeSigning: false },
  cancel: { from: ['CREATED', 'EXECUTION_QUEUED', 'WAITING_FOR_GAS', 'FAILED'], to: 'CANCELLED', by: ['operator'], beforeSigning: true },
  waitForGas: { from: ['EXECUTION_QUEUED'], to: 'WAITING_FOR_GAS', by: ['workflow'], beforeSigning: false },
  requeue: { from: ['WAITING_FOR_GAS', 'FAILED'], to: 'EXECUTION_QUEUED', by: ['admin', 'workflow'], beforeSigning: true },
  sign: { from: ['EXECUTION_QUEUED'], to: 'RECONCILING', by: ['workflow'], beforeSigning: false },
  failRetryable: { from: ['EXECUTION_QUEUED', 'WAITING_FOR_GAS'], to: 'FAILED', by: ['workflow'], beforeSigning: true },
  fail: { from: ['EXECUTION_QUEUED', 'WAITING_FOR_GAS', 'RECONCILING'], to: 'FAILED', by: ['workflow'], beforeSigning: false },
  complete: { from: ['RECONCILING'], to: 'COMPLETED', by: ['workflow'], beforeSigning: false },
};

/** Every state a row can be in: FAILED split by its retryable flag. */
type State = { status: HeadlessStatus; retryable: boolean | null };
const STATES = HEADLESS_STATUSES.flatMap((status): State[] =>
  status === 'FAILED' ? [{ status, retryable: true }, { status, retryable: false }] : [{ status, retryable: null }],
);
const label = (s: { status: string; retryable: boolean | null }) => (s.status === 'FAILED' ? `FAILED(retryable ${s.retryable})` : s.status);

describe('the headless transition table', () => {
  it('When listed, Then it holds exactly the moves of the spec', () => {
    expect([...HEADLESS_MOVE_NAMES].sort()).toEqual((Object.keys(SPEC) as HeadlessMoveName[]).sort());
  });

  describe.each(HEADLESS_MOVE_NAMES)('move %s', (name) => {
    const spec = SPEC[name];
    const isSource = (s: { status: HeadlessStatus; retryable: boolean | null }) => spec.from.includes(s.status) && (s.status !== 'FAILED' || s.retryable === true);

    it(`When asked, Then it goes to ${spec.to}, made by ${spec.by.join(' and ')}`, () => {
      expect(HEADLESS_MOVES[name].to).toBe(spec.to);
      expect([...HEADLESS_MOVES[name].by]).toEqual(spec.by);
    });

    it.each(STATES.map((s) => [label(s), s] as const))('When the intent is %s and no payout is signed, Then it is accepted only from its sources', (_label, s) => {
      expect(allowsHeadless(name, { ...s, hasTxHash: false })).toBe(isSource(s));
    });

    it.each(STATES.map((s) => [label(s), s] as const))('When the intent is %s and its payout is signed, Then only a move past signing is accepted', (_label, s) => {
      expect(allowsHeadless(name, { ...s, hasTxHash: true })).toBe(isSource(s) && !spec.beforeSigning);
    });
  });

  it('When a state has no move out of it, Then it is terminal (COMPLETED, CANCELLED, EXPIRED, FAILED for good)', () => {
    expect(STATES.filter((s) => isTerminal(s)).map(label)).toEqual(['COMPLETED', 'FAILED(retryable false)', 'CANCELLED', 'EXPIRED']);
  });
});

describe('headlessSourceFilter: the table as the conditional update filter', () => {
  it('When cancelling, Then the filter is the no-hash, non-terminal set (CREATED, queued, waiting, or FAILED retryable)', () => {
    expect(headlessSourceFilter('cancel')).toEqual({
      settlementTxHash: null,
      OR: [{ status: { in: ['CREATED', 'EXECUTION_QUEUED', 'WAITING_FOR_GAS'] } }, { status: 'FAILED', retryable: true }],
    });
  });
  it('When requeueing, Then WAITING_FOR_GAS or FAILED(retryable), with no hash', () => {
    expect(headlessSourceFilter('requeue')).toEqual({ settlementTxHash: null, OR: [{ status: { in: ['WAITING_FOR_GAS'] } }, { status: 'FAILED', retryable: true }] });
  });
  it('When failing, Then retryable needs no hash and a final failure may also leave RECONCILING', () => {
    expect(headlessSourceFilter('failRetryable')).toEqual({ settlementTxHash: null, status: { in: ['EXECUTION_QUEUED', 'WAITING_FOR_GAS'] } });
    expect(headlessSourceFilter('fail')).toEqual({ status: { in: ['EXECUTION_QUEUED', 'WAITING_FOR_GAS', 'RECONCILING'] } });
  });
  it('When expiring, waiting for gas, executing or signing, Then their single source', () => {
    expect(headlessSourceFilter('expire')).toEqual({ status: { in: ['CREATED'] } });
    expect(headlessSourceFilter('execute')).toEqual({ status: { in: ['CREATED'] } });
    expect(headlessSourceFilter('waitForGas')).toEqual({ status: { in: ['EXECUTION_QUEUED'] } });
    expect(headlessSourceFilter('sign')).toEqual({ status: { in: ['EXECUTION_QUEUED'] } });
  });
});
