import { PassThrough } from 'node:stream';
import { createLogger } from '../../src/adapters/logger';
import { createExecuteCheckedActivities } from '../../src/activities/headless-execute-checked';
import type { HeadlessReadiness } from '../../src/activities/payouts';
import { headlessExecutor, type ExecutedIntent } from '../../src/activities/headless-execute';
import type { Db } from '../../src/adapters/db';
import { Prisma } from '../../src/generated/prisma/client';
import type { ExecuteResult } from '../../src/domain/headless-intent';
import type { PayoutReadiness } from '../../src/store/headless-assets';

const RESULT = { withdrawRequestId: 'w-1', withdrawalStatus: 'EXECUTION_QUEUED', replayed: false } as ExecuteResult;
const QUEUED = { id: 'w-1', status: 'EXECUTION_QUEUED', maxGasPerTransfer: 100_000 } as PayoutReadiness;
const INPUT = { withdrawalId: 'w-1', callerOperatorId: 'op-1', chainId: 31337 };

/** The activity over steps the test scripts, recording the order they ran in and the log lines written. */
function activity(steps: { execute?: () => Promise<ExecutedIntent>; readiness?: () => Promise<HeadlessReadiness>; marked?: boolean }) {
  const calls: string[] = [];
  const checked: Array<PayoutReadiness | undefined> = [];
  const lines: string[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
  const { executeHeadlessIntentChecked } = createExecuteCheckedActivities({
    logger: createLogger({ level: 'debug', stream }),
    execute: async () => (calls.push('execute'), (steps.execute ?? (async () => ({ result: RESULT, queued: QUEUED })))()),
    readiness: async (_chainId, _id, queued) => (calls.push('readiness'), checked.push(queued), (steps.readiness ?? (async () => 'READY' as const))()),
    markWaitingForGas: async () => (calls.push('markWaitingForGas'), steps.marked ?? true),
  });
  return { run: () => executeHeadlessIntentChecked(INPUT), calls, checked, lines };
}

describe('executeHeadlessIntentChecked', () => {
  it('When the execute commits and the payout is ready, Then READY with the execute’s own answer, and nothing is moved', async () => {
    const a = activity({});
    expect(await a.run()).toEqual({ result: RESULT, readiness: 'READY' });
    expect(a.calls).toEqual(['execute', 'readiness']);
    // The check is handed the row the execute queued: it reads nothing again.
    expect(a.checked).toEqual([QUEUED]);
  });

  it('When the execute is a replay (nothing queued now), Then the check reads the intent itself', async () => {
    const replayed = { ...RESULT, replayed: true };
    const a = activity({ execute: async () => ({ result: replayed, queued: null }) });
    expect(await a.run()).toEqual({ result: replayed, readiness: 'READY' });
    expect(a.checked).toEqual([undefined]);
  });

  it('When the bankroll lacks gas, Then the intent is moved to WAITING_FOR_GAS and the workflow is told so; a move that did not apply tells it nothing', async () => {
    expect(await activity({ readiness: async () => 'NO_GAS' }).run()).toEqual({ result: RESULT, readiness: 'WAITING_FOR_GAS' });
    const notMoved = activity({ readiness: async () => 'NO_GAS', marked: false });
    expect(await notMoved.run()).toEqual({ result: RESULT, readiness: null });
    expect(notMoved.calls).toEqual(['execute', 'readiness', 'markWaitingForGas']);
  });

  it('When the asset is no longer supported, Then nothing is decided here: the attempt checks and fails it', async () => {
    const a = activity({ readiness: async () => 'ASSET_UNSUPPORTED' });
    expect(await a.run()).toEqual({ result: RESULT, readiness: null });
    expect(a.calls).toEqual(['execute', 'readiness']);
  });

  it('When the check fails after the commit, Then the committed execute is still the answer, the attempt is left to check, and the failure is logged', async () => {
    const a = activity({ readiness: async () => Promise.reject(new Error('fetch failed')) });
    expect(await a.run()).toEqual({ result: RESULT, readiness: null });
    // The execute's own line is its executor's (headlessExecutor); this activity adds only the check's failure.
    expect(a.lines.map((l) => JSON.parse(l))).toEqual([
      expect.objectContaining({ level: 'warn', msg: expect.stringMatching(/^headless readiness after execute failed/), withdrawalId: 'w-1', err: { name: 'Error', message: 'fetch failed' } }),
    ]);
  });

  it('When the execute is refused, Then the refusal is the activity’s and no check runs', async () => {
    const a = activity({ execute: async () => Promise.reject(new Error('INSUFFICIENT_LIQUIDITY')) });
    await expect(a.run()).rejects.toThrow('INSUFFICIENT_LIQUIDITY');
    expect(a.calls).toEqual(['execute']);
  });
});

describe('headlessExecutor', () => {
  it('When an execute answers (here a replay, from the one facts read), Then it writes the execute’s line once', async () => {
    const executedAt = new Date('2026-11-29T10:00:00Z');
    const facts = {
      id: 'w-1', sessionRef: 'sr_1', mode: 'C', status: 'EXECUTION_QUEUED', reservationStatus: 'ACTIVE', expiresAt: null,
      operatorId: 'op-1', ownerParentId: null, callerStatus: 'ACTIVE', callerHeadless: true,
      chainId: 31337, tokenAddress: '0xToken', symbol: 'USDT', fiatAmount: new Prisma.Decimal('10'), fiatCurrency: 'USD',
      cryptoAmountSent: new Prisma.Decimal('10'), amountInUsd: new Prisma.Decimal('10'), priceRate: new Prisma.Decimal('1'), executedAt,
    };
    const db = { sql: { query: async () => ({ rows: [facts] }) } } as unknown as Db;
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const execute = headlessExecutor({ db, logger: createLogger({ level: 'debug', stream }) } as unknown as Parameters<typeof headlessExecutor>[0]);
    const done = await execute({ withdrawalId: 'w-1', callerOperatorId: 'op-1' });
    expect(done).toMatchObject({ result: { withdrawRequestId: 'w-1', replayed: true }, queued: null });
    expect(lines.map((l) => JSON.parse(l))).toEqual([expect.objectContaining({ level: 'info', msg: 'headless execute', withdrawalId: 'w-1', replayed: true })]);
  });
});
