/**
 * The management panel's weight and speed in headless Chromium: a withdrawal's page (HTML, JS and CSS as served
 * gzipped) against a budget of WEIGHT_BUDGET bytes, and the time from navigation to an interactive page (a Mode A
 * move's button wired: a click opens its confirm step) against the same bytes served as static files by a bare
 * Express app in this process, measured in this run (at least 0.5 of its speed). The difference is what the gateway's own work costs: the
 * session cookie, the reads and the rendering.
 */
import { gzipSync } from 'node:zlib';
import { createAdmin } from '../src/provisioning/admins';
import { createOperator } from '../src/provisioning/operators';
import { openBrowser } from '../test/support/browser';
import { http } from '../test/support/http';
import { ACK } from '../test/support/webhook-receiver';
import { result } from './result';
import { bareStatic, median, runBench, spread } from './support';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
/** An admin's page on a slow link should cost at most what the widget's does: the page, its script and its styles. */
const WEIGHT_BUDGET = 50_000;

runBench({}, async ({ ctx, receiver }) => {
  receiver.answer(() => ACK);
  const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Bench', webhookUrl: receiver.url });
  const usdc = ctx.services.registry.tokens.find((t) => t.symbol === 'USDC')!;
  const session = await http(ctx.apiUrl, 'POST', '/session/withdraw', {
    token: op.apiKey,
    json: { externalUserId: 'bench', lang: 'en', platformFiatCurrency: 'USD', userBalance: '1000', amount: '10.00' },
  });
  const submitted = await http(ctx.apiUrl, 'POST', '/withdraw/direct-transfer', {
    json: { sid: session.body.data.sid, address: '0x000000000000000000000000000000000000dEaD', chainId: ctx.services.registry.chainId, tokenAddress: usdc.address },
  });
  if (submitted.status !== 201) throw new Error(`withdrawal: ${submitted.status} ${submitted.text}`);
  const pageUrl = `${ctx.apiUrl}/panel/withdrawals/${submitted.body.data.withdrawRequestId}`;

  await createAdmin(ctx.db, 'bench@example.com', 'bench-password', 'ADMIN');
  const login = await fetch(`${ctx.apiUrl}/panel/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password' }),
  });
  const cookie = /gw_admin=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
  if (!cookie) throw new Error(`panel login: ${login.status}`);

  const read = async (u: string) => Buffer.from(await (await fetch(u, { headers: { cookie: `gw_admin=${cookie}` } })).arrayBuffer());
  const [html, js, css] = await Promise.all([pageUrl, `${ctx.apiUrl}/panel/app.js`, `${ctx.apiUrl}/panel/app.css`].map(read)) as [Buffer, Buffer, Buffer];
  const [h, j, c] = [html, js, css].map((b) => gzipSync(b, { level: 9 }).length) as [number, number, number];
  console.log(`panel page weight (gzipped): HTML ${h} B + JS ${j} B + CSS ${c} B = ${h + j + c} B`);
  const weightMet = result({ name: 'panel-weight', value: h + j + c, unit: 'bytes', baseline: WEIGHT_BUDGET, higherIsBetter: false, target: 1 });

  // The same bytes, static.
  const bare = await bareStatic({
    '/page': { type: 'html', body: html },
    '/panel/app.js': { type: 'application/javascript', body: js },
    '/panel/app.css': { type: 'text/css', body: css },
  });
  const staticUrl = `${bare.origin}/page`;

  const browser = await openBrowser();
  try {
    await browser.context.addCookies([{ name: 'gw_admin', value: cookie, url: ctx.apiUrl, httpOnly: true, sameSite: 'Strict' }]);
    const interactive = async (url: string) => {
      const started = performance.now();
      await browser.page.goto(url, { waitUntil: 'commit' });
      await browser.page.getByRole('button', { name: 'Move to PROCESSING' }).click();
      await browser.page.getByRole('alertdialog').waitFor();
      return performance.now() - started;
    };
    const staticTimes: number[] = [];
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      staticTimes.push(await interactive(staticUrl));
      times.push(await interactive(pageUrl));
    }
    console.log(`panel navigation to interactive (${RUNS} loads, script already bundled): ${spread(times)}; the same bytes from bare Express: ${spread(staticTimes)}`);
    const interactiveMet = result({ name: 'panel-interactive', value: median(times), unit: 'ms', baseline: median(staticTimes), higherIsBetter: false, target: 0.5 });
    if (!weightMet || !interactiveMet) process.exitCode = 1;
  } finally {
    await browser.close();
    bare.close();
  }
});
