import { openBrowser } from '../test/support/browser';
import type { Minute } from './figures';

interface Series {
  title: string;
  unit: string;
  lines: Array<{ name: string; color: string; value: (m: Minute) => number }>;
}

const PANELS: Series[] = [
  { title: 'Operator requests answered', unit: 'per minute', lines: [{ name: 'requests', color: '#1f6feb', value: (m) => m.requests }] },
  { title: 'session-create p99', unit: 'ms', lines: [{ name: 'p99', color: '#d1242f', value: (m) => m.sessionP99Ms }] },
  {
    title: 'Resident memory',
    unit: 'MiB',
    lines: [
      { name: 'API', color: '#1f6feb', value: (m) => m.apiRssMiB },
      { name: 'worker', color: '#8250df', value: (m) => m.workerRssMiB },
    ],
  },
  { title: 'PostgreSQL connections', unit: 'connections', lines: [{ name: 'connections', color: '#1a7f37', value: (m) => m.pgConnections }] },
  { title: 'Workflow task schedule-to-start', unit: 'ms (mean)', lines: [{ name: 'latency', color: '#bc4c00', value: (m) => m.workflowTaskMs }] },
  { title: 'Webhooks not delivered yet', unit: 'events', lines: [{ name: 'undelivered', color: '#57606a', value: (m) => m.undeliveredWebhooks }] },
];

const W = 420;
const H = 200;
const PAD = { left: 48, right: 10, top: 28, bottom: 28 };

function panel(s: Series, minutes: Minute[]): string {
  const xs = minutes.map((m) => m.minute);
  const ys = minutes.flatMap((m) => s.lines.map((l) => l.value(m)));
  const xMax = Math.max(1, ...xs);
  const yMax = Math.max(1, ...ys) * 1.1;
  const x = (v: number) => PAD.left + ((v - 1) / Math.max(1, xMax - 1)) * (W - PAD.left - PAD.right);
  const y = (v: number) => H - PAD.bottom - (v / yMax) * (H - PAD.top - PAD.bottom);
  const paths = s.lines
    .map((l) => `<polyline fill="none" stroke="${l.color}" stroke-width="2" points="${minutes.map((m) => `${x(m.minute).toFixed(1)},${y(l.value(m)).toFixed(1)}`).join(' ')}"/>`)
    .join('');
  const legend = s.lines.map((l, i) => `<text x="${W - 90}" y="${16 + i * 14}" fill="${l.color}" font-size="11">${l.name}</text>`).join('');
  return `<svg width="${W}" height="${H}" xmlns="http://www.w3.org/2000/svg" font-family="sans-serif">
<text x="${PAD.left}" y="16" font-size="13" font-weight="bold">${s.title}</text>
<line x1="${PAD.left}" y1="${H - PAD.bottom}" x2="${W - PAD.right}" y2="${H - PAD.bottom}" stroke="#999"/>
<line x1="${PAD.left}" y1="${PAD.top}" x2="${PAD.left}" y2="${H - PAD.bottom}" stroke="#999"/>
<text x="4" y="${PAD.top + 4}" font-size="10">${(yMax / 1.1).toFixed(yMax < 10 ? 1 : 0)}</text>
<text x="4" y="${H - PAD.bottom}" font-size="10">0</text>
<text x="${PAD.left}" y="${H - 8}" font-size="10">minute 1</text>
<text x="${W - PAD.right - 60}" y="${H - 8}" font-size="10">minute ${xMax}</text>
<text x="4" y="${H / 2}" font-size="10" transform="rotate(-90 10 ${H / 2})">${s.unit}</text>
${paths}${legend}</svg>`;
}

/** The soak's per-minute figures as a PNG: six small charts drawn as SVG and photographed by Debian's Chromium. */
export async function plot(summary: { minutes: number; perMinute: Minute[]; slopes: { api: string; worker: string }; p99: string }, file: string): Promise<void> {
  const html = `<!doctype html><html><body style="margin:12px;background:#fff;font-family:sans-serif">
<h3 style="margin:0 0 8px">Soak, ${summary.minutes} min: RSS slope API ${summary.slopes.api}, worker ${summary.slopes.worker}; session-create p99 ${summary.p99}</h3>
<div style="display:grid;grid-template-columns:repeat(3,${W}px);gap:8px">${PANELS.map((p) => panel(p, summary.perMinute)).join('')}</div></body></html>`;
  const browser = await openBrowser({ width: 3 * W + 48, height: 2 * H + 80 });
  try {
    await browser.page.setContent(html);
    await browser.page.screenshot({ path: file, fullPage: true });
  } finally {
    await browser.close();
  }
}
