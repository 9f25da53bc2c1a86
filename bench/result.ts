/**
 * One figure beside its baseline. `higherIsBetter` false (a latency): the ratio is baseline/value, so in every line a
 * higher ratio is better. `target` is the least ratio the figure must reach; a miss is printed and counted.
 */
export function result(r: { name: string; value: number; unit: string; baseline: number; higherIsBetter?: boolean; target?: number }): boolean {
  const ratio = (r.higherIsBetter ?? true) ? r.value / r.baseline : r.baseline / r.value;
  const met = r.target === undefined || ratio >= r.target;
  const verdict = r.target === undefined ? '' : ` target=${Number(r.target.toFixed(3))} ${met ? 'met' : 'MISSED'}`;
  console.log(`RESULT name=${r.name} value=${fmt(r.value)} unit=${r.unit} baseline=${fmt(r.baseline)} ratio=${ratio.toFixed(3)}${verdict}`);
  return met;
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(n < 10 ? 2 : 1));
