/**
 * The deposit page's weight and speed in headless Chromium: the bytes of HTML, JS and CSS as served gzipped, and
 * the time from navigation to an interactive page (the network buttons wired: a click shows the tokens).
 */
import { gzipSync } from 'node:zlib';
import { createOperator } from '../src/provisioning/operators';
import { openBrowser } from '../test/support/browser';
import { http } from '../test/support/http';
import { runBench, spread } from './support';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);

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
  const weights = await Promise.all(
    [url, `${ctx.apiUrl}/widget/app.js`, `${ctx.apiUrl}/widget/app.css`].map(async (u) => gzipSync(Buffer.from(await (await fetch(u)).arrayBuffer()), { level: 9 }).length),
  );
  const [html, js, css] = weights as [number, number, number];
  console.log(`widget page weight (gzipped): HTML ${html} B + JS ${js} B + CSS ${css} B = ${html + js + css} B`);

  const browser = await openBrowser();
  try {
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
    console.log(`widget navigation to interactive (${RUNS} loads, script already bundled): ${spread(times)}`);
  } finally {
    await browser.close();
  }
});
