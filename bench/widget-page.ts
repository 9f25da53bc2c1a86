/**
 * The deposit page's weight and speed in headless Chromium: the bytes of HTML, JS and CSS as served gzipped, and
 * the time from navigation to an interactive page (the network buttons wired: a click shows the tokens). The weight is
 * held against a budget of WEIGHT_BUDGET bytes; the time against the same browser loading the smallest page the same
 * server answers (/healthz), measured in this run.
 */
import { gzipSync } from 'node:zlib';
import { createOperator } from '../src/provisioning/operators';
import { openBrowser } from '../test/support/browser';
import { http } from '../test/support/http';
import { loadBaselines, result } from './result';
import { median, runBench, spread } from './support';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
/** What a player's first visit on a slow mobile link should cost at most: the page, its script and its styles. */
const WEIGHT_BUDGET = 50_000;

runBench({}, async ({ ctx }) => {
  loadBaselines(); // part of a bench run
  const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Bench' });
  const newPage = async () => {
    const r = await http(ctx.apiUrl, 'POST', '/session/deposit', {
      token: op.apiKey,
      json: { externalUserId: 'bench', lang: 'en', platformFiatCurrency: 'USD', userBalance: '0', amount: '10.00' },
    });
    return `${ctx.apiUrl}/widget/deposit?sid=${r.body.data.sid}`;
  };
  const url = await newPage();
  const weights = await Promise.all(
    [url, `${ctx.apiUrl}/widget/app.js`, `${ctx.apiUrl}/widget/app.css`].map(async (u) => gzipSync(Buffer.from(await (await fetch(u)).arrayBuffer()), { level: 9 }).length),
  );
  const [html, js, css] = weights as [number, number, number];
  console.log(`widget page weight (gzipped): HTML ${html} B + JS ${js} B + CSS ${css} B = ${html + js + css} B`);
  const weightMet = result({ name: 'widget-weight', value: html + js + css, unit: 'bytes', baseline: WEIGHT_BUDGET, higherIsBetter: false, target: 1 });

  const browser = await openBrowser();
  try {
    const bare: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await browser.page.goto(`${ctx.apiUrl}/healthz`, { waitUntil: 'load' });
      bare.push(performance.now() - started);
    }
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const target = await newPage();
      const started = performance.now();
      await browser.page.goto(target, { waitUntil: 'commit' });
      // Interactive: the script has wired the network buttons, so a click reveals the token choice.
      await browser.page.getByRole('button', { name: 'Local Dev Chain' }).click();
      await browser.page.locator('#tokens button').first().waitFor();
      times.push(performance.now() - started);
    }
    console.log(`widget navigation to interactive (${RUNS} loads, script already bundled): ${spread(times)}; /healthz loaded: ${spread(bare)}`);
    result({ name: 'widget-interactive', value: median(times), unit: 'ms', baseline: median(bare), higherIsBetter: false });
    if (!weightMet) process.exitCode = 1;
  } finally {
    await browser.close();
  }
});
