import { judge, slope, type Minute } from '../../soak/figures';

const minute = (n: number, over: Partial<Minute> = {}): Minute => ({
  minute: n, requests: 600, serverErrors: 0, failedCalls: 0, sessionCreates: 600, sessionP99Ms: 20, apiRssMiB: 150, workerRssMiB: 300,
  pgConnections: 12, workflowTaskMs: 5, undeliveredWebhooks: 0, itemsStarted: n * 20, ...over,
});

describe('the soak verdict', () => {
  it('measures a least-squares slope', () => {
    expect(slope([[1, 10], [2, 12], [3, 14]])).toBeCloseTo(2);
    expect(slope([[1, 5]])).toBe(0);
  });

  it('passes a flat hour: memory steady after the warm-up, the end as quick as the start', () => {
    const hour = Array.from({ length: 60 }, (_, i) => minute(i + 1, { apiRssMiB: i < 10 ? 100 + i * 5 : 150 + (i % 2) }));
    const v = judge(hour);
    expect(v.window).toBe(10);
    expect(v.failures).toEqual([]);
  });

  it('fails memory that keeps growing after the first ten minutes, though the warm-up growth is not counted', () => {
    const leaking = Array.from({ length: 60 }, (_, i) => minute(i + 1, { workerRssMiB: 300 + i * 1.5 }));
    expect(judge(leaking).failures).toEqual([expect.stringMatching(/^worker RSS grew 1\.50 MiB\/min after minute 10/)]);
  });

  it('fails a p99 that ends more than 1.2 times its start, judged on the median minute of each window', () => {
    const slower = Array.from({ length: 60 }, (_, i) => minute(i + 1, { sessionP99Ms: i >= 50 ? 25 : 20 }));
    expect(judge(slower).failures).toEqual([expect.stringMatching(/^session-create p99 of the last 10 min 25\.0 ms > 1\.2/)]);
    // One slow minute in the last window is not the window's p99.
    const oneSpike = Array.from({ length: 60 }, (_, i) => minute(i + 1, { sessionP99Ms: i === 55 ? 200 : 20 }));
    expect(judge(oneSpike).failures).toEqual([]);
  });

  it('uses thirds of a run shorter than half an hour', () => {
    expect(judge(Array.from({ length: 9 }, (_, i) => minute(i + 1))).window).toBe(3);
    expect(judge([minute(1)]).window).toBe(1);
  });
});
