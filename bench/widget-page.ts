/**
 * The deposit page's weight and speed in headless Chromium: the bytes of HTML, JS and CSS as served gzipped, and
 * the time from navigation to an interactive page (the network buttons wired: a click shows the tokens). The weight is
 * held against a budget of WEIGHT_BUDGET bytes; the time against the same bytes served as static files by a bare
 * Express app in this process, measured in this run (at least 0.5 of its speed): the difference is what the gateway's
 * own work costs, the session read, the security headers and the rendering.
 */
import { gzipSync } from 'node:zlib';
import { createOperator } from '../src/provisioning/operators';
import { openBrowser } from '../test/support/browser';
import { http } from '../test/support/http';
import { result } from './result';
import { bareStatic, median, runBench, spread } from './support';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
/** What a player's first visit on a slow mobile link should cost at most: the page, its script and its styles. */
const WEIGHT_BUDGET = 50_000;

runBench({}, async ({ ctx }) => {
  const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Bench' });
  const newPage = async () => {
    const r = await http(ctx.apiUrl, 'POST', '/session/deposit', {
      token: op.apiKey,
      json: { externalUserId: 'bench', lang: 'en', platformFiatCurrency: 'USD', userBalance: '0', amount: '10.00' },
    });
    return `${ctx.apiUrl}/widget/deposit?sid=${r.body.data.sid}`;
  };
  const url = await newPage();
  const bytes = (await Promise.all([url, `${ctx.apiUrl}/widget/app.js`, `${ctx.apiUrl}/widget/app.css`].map(async (u) => Buffer.from(await (await fetch(u)).arrayBuffer())))) as [Buffer, Buffer, Buffer];
  const [html, js, css] = bytes.map((b) => gzipSync(b, { level: 9 }).length) as [number, number, number];
  console.log(`widget page weight (gzipped): HTML ${html} B + JS ${js} B + CSS ${css} B = ${html + js + css} B`);
  const weightMet = result({ name: 'widget-weight', value: html + js + css, unit: 'bytes', baseline: WEIGHT_BUDGET, higherIsBetter: false, target: 1 });

  // The same bytes, static (the page makes no call before it is interactive).
  const [pageBytes, jsBytes, cssBytes] = bytes;
  const bare = await bareStatic({
    '/page': { type: 'html', body: pageBytes },
    '/widget/app.js': { type: 'application/javascript', body: jsBytes },
    '/widget/app.css': { type: 'text/css', body: cssBytes },
  });
  const staticUrl = `${bare.origin}/page`;

  const browser = await openBrowser();
  try {
    const interactive = async (target: string) => {
      const started = performance.now();
      await browser.page.goto(target, { waitUntil: 'commit' });
      // Interactive: the script has wired the network buttons, so a click reveals the token choice.
      await browser.page.getByRole('button', { name: 'Local Dev Chain' }).click();
      await browser.page.locator('#tokens button').first().waitFor();
      return performance.now() - started;
    };
    const staticTimes: number[] = [];
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      staticTimes.push(await interactive(staticUrl));
      // A new session each time, made before the clock starts: a player arrives with a fresh sid.
      times.push(await interactive(await newPage()));
    }
    console.log(`widget navigation to interactive (${RUNS} loads, script already bundled): ${spread(times)}; the same bytes from bare Express: ${spread(staticTimes)}`);
    const interactiveMet = result({ name: 'widget-interactive', value: median(times), unit: 'ms', baseline: median(staticTimes), higherIsBetter: false, target: 0.5 });
    if (!weightMet || !interactiveMet) process.exitCode = 1;
  } finally {
    await browser.close();
    bare.close();
  }
});
