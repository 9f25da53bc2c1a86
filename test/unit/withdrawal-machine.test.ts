import type { Actor } from '../../src/domain/state-machine';
import {
  ADMIN_SOURCES,
  ADMIN_TARGETS,
  adminMayMove,
  isLegalAdminMove,
  isLiveWidget,
  isWidgetMove,
  isWidgetSource,
  LIVE_WIDGET_STATUSES,
  SETTLING_SOURCES,
  TERMINAL,
  WIDGET_ENTRY,
  WIDGET_MOVES,
  WIDGET_STATUSES,
  type WidgetMoveName,
  type WidgetStatus,
} from '../../src/domain/withdrawal-machine';

/** Modes A and B as spec 3.1 and CONTRACT §6 describe them: each move's sources, target, actors and modes. */
const SPEC: Record<WidgetMoveName, { from: WidgetStatus[]; to: WidgetStatus; by: Actor[]; modes: ('A' | 'B')[] }> = {
  process: { from: ['PENDING'], to: 'PROCESSING', by: ['admin'], modes: ['A'] },
  complete: { from: ['PROCESSING'], to: 'COMPLETED', by: ['admin'], modes: ['A'] },
  reject: { from: ['PENDING', 'PROCESSING'], to: 'REJECTED', by: ['admin'], modes: ['A'] },
  approve: { from: ['AWAITING_APPROVAL'], to: 'COMPLETED', by: ['operator', 'workflow'], modes: ['B'] },
  decline: { from: ['AWAITING_APPROVAL'], to: 'REJECTED', by: ['operator'], modes: ['B'] },
  supersede: { from: ['PENDING', 'AWAITING_APPROVAL'], to: 'CANCELLED', by: ['user', 'operator'], modes: ['A', 'B'] },
  expire: { from: ['PENDING', 'AWAITING_APPROVAL'], to: 'EXPIRED', by: ['workflow'], modes: ['A', 'B'] },
  failUnpaid: { from: ['COMPLETED'], to: 'FAILED', by: ['workflow'], modes: ['A', 'B'] },
};
const NAMES = Object.keys(WIDGET_MOVES) as WidgetMoveName[];

describe('the widget (Mode A/B) transition table', () => {
  it('When listed, Then it holds exactly the moves of the spec', () => {
    expect([...NAMES].sort()).toEqual((Object.keys(SPEC) as WidgetMoveName[]).sort());
  });

  describe.each(NAMES)('move %s', (name) => {
    const spec = SPEC[name];
    it(`When asked, Then it goes to ${spec.to}, made by ${spec.by.join(' and ')} in mode ${spec.modes.join(' and ')}`, () => {
      expect(WIDGET_MOVES[name].to).toBe(spec.to);
      expect([...WIDGET_MOVES[name].by]).toEqual(spec.by);
      expect([...WIDGET_MOVES[name].modes]).toEqual(spec.modes);
    });
    it.each([...WIDGET_STATUSES])('When the withdrawal is %s, Then the move is accepted only from its sources', (status) => {
      expect(isWidgetSource(name, status)).toBe(spec.from.includes(status));
    });
  });

  it.each(WIDGET_STATUSES.flatMap((from) => WIDGET_STATUSES.map((to) => [from, to] as const)))(
    'When moving %s to %s, Then the activity accepts it only if some move leads there',
    (from, to) => {
      expect(isWidgetMove(from, to)).toBe(Object.values(SPEC).some((m) => m.to === to && m.from.includes(from)));
    },
  );

  it('When a request starts, Then Mode A waits in PENDING and Mode B in AWAITING_APPROVAL', () => {
    expect(WIDGET_ENTRY).toEqual({ A: 'PENDING', B: 'AWAITING_APPROVAL' });
  });

  it('When settling, Then the payout is signed from PROCESSING (admin) or AWAITING_APPROVAL (approve)', () => {
    expect(SETTLING_SOURCES).toEqual(['PROCESSING', 'AWAITING_APPROVAL']);
  });

  it('When someone other than the workflow may still act, Then the request is live; otherwise terminal', () => {
    expect(LIVE_WIDGET_STATUSES).toEqual(['PENDING', 'PROCESSING', 'AWAITING_APPROVAL']);
    expect([...TERMINAL]).toEqual(['COMPLETED', 'REJECTED', 'CANCELLED', 'EXPIRED', 'FAILED']);
    for (const s of WIDGET_STATUSES) expect(isLiveWidget(s)).toBe(!TERMINAL.has(s));
  });
});

describe('admin moves (CONTRACT §6)', () => {
  it('When an admin sets a status, Then PROCESSING, COMPLETED and REJECTED are the only values, in that order', () => {
    expect(ADMIN_TARGETS).toEqual(['PROCESSING', 'COMPLETED', 'REJECTED']);
    expect(ADMIN_SOURCES).toEqual(['PENDING', 'PROCESSING']);
  });
  it.each(WIDGET_STATUSES.flatMap((from) => ADMIN_TARGETS.map((to) => [from, to] as const)))('When %s is moved to %s, Then only the legal moves pass', (from, to) => {
    const legal = (from === 'PENDING' && (to === 'PROCESSING' || to === 'REJECTED')) || (from === 'PROCESSING' && (to === 'COMPLETED' || to === 'REJECTED'));
    expect(isLegalAdminMove(from, to)).toBe(legal);
    expect(adminMayMove(from)).toBe(from === 'PENDING' || from === 'PROCESSING');
  });
});
