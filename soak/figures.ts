/** One minute of the soak, as printed and plotted. */
export interface Minute {
  minute: number;
  /** Answers below 500 to the soak's own operator calls (session creates and test webhooks). */
  requests: number;
  serverErrors: number;
  /** Calls that got no answer at all (connection refused or cut). */
  failedCalls: number;
  sessionCreates: number;
  sessionP99Ms: number;
  apiRssMiB: number;
  workerRssMiB: number;
  pgConnections: number;
  /** Mean workflow task schedule-to-start latency of the minute, from the worker's Temporal metrics. */
  workflowTaskMs: number;
  undeliveredWebhooks: number;
  itemsStarted: number;
}

/** The bounds: memory grows less than 1 MiB a minute after the warm-up, and the end is as quick as the start. */
export const MAX_RSS_SLOPE_MIB_PER_MINUTE = 1;
export const MAX_P99_GROWTH = 1.2;

/** Least-squares slope of y over x; 0 for fewer than two points. */
export function slope(points: Array<[number, number]>): number {
  if (points.length < 2) return 0;
  const mx = points.reduce((s, [x]) => s + x, 0) / points.length;
  const my = points.reduce((s, [, y]) => s + y, 0) / points.length;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

const median = (v: number[]) => (v.length === 0 ? 0 : [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!);

/**
 * The soak's verdict on its own figures. The warm-up and the two compared windows are 10 minutes each, as the issue
 * asks for a 60-minute run; a shorter run uses a third of its minutes for each, and says so. A window's p99 is the
 * median of its minutes' p99s, so one slow minute (a garbage collection, a checkpoint) does not decide it.
 */
export function judge(minutes: Minute[]): {
  window: number;
  slopes: { api: string; worker: string };
  p99: string;
  failures: string[];
} {
  const window = Math.max(1, Math.min(10, Math.floor(minutes.length / 3)));
  const failures: string[] = [];
  const afterWarmUp = minutes.slice(window);
  const slopes = {
    api: slope(afterWarmUp.map((m) => [m.minute, m.apiRssMiB])),
    worker: slope(afterWarmUp.map((m) => [m.minute, m.workerRssMiB])),
  };
  for (const [name, s] of Object.entries(slopes)) {
    if (s >= MAX_RSS_SLOPE_MIB_PER_MINUTE) failures.push(`${name} RSS grew ${s.toFixed(2)} MiB/min after minute ${window} (bound ${MAX_RSS_SLOPE_MIB_PER_MINUTE})`);
  }
  const first = median(minutes.slice(0, window).map((m) => m.sessionP99Ms));
  const last = median(minutes.slice(-window).map((m) => m.sessionP99Ms));
  if (minutes.length >= 2 && last > first * MAX_P99_GROWTH) {
    failures.push(`session-create p99 of the last ${window} min ${last.toFixed(1)} ms > ${MAX_P99_GROWTH} × the first ${window} min's ${first.toFixed(1)} ms`);
  }
  return {
    window,
    slopes: { api: `${slopes.api.toFixed(3)} MiB/min`, worker: `${slopes.worker.toFixed(3)} MiB/min` },
    p99: `first ${window} min ${first.toFixed(1)} ms, last ${window} min ${last.toFixed(1)} ms (ratio ${first > 0 ? (last / first).toFixed(2) : 'n/a'})`,
    failures,
  };
}
