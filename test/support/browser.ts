import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** The screens every page is checked and photographed on: a phone and a laptop width, light and dark. */
export const SCREEN_VARIANTS = [
  { width: 360, height: 780, scheme: 'light' },
  { width: 360, height: 780, scheme: 'dark' },
  { width: 1280, height: 900, scheme: 'light' },
  { width: 1280, height: 900, scheme: 'dark' },
] as const;

/** Debian's Chromium, headless, a fresh profile per run (TOOLCHAIN §6); nothing is downloaded. */
export async function openBrowser(opts: { colorScheme?: 'light' | 'dark'; width?: number; height?: number } = {}): Promise<{
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'chromium-profile-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
    colorScheme: opts.colorScheme ?? 'light',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Every request the page makes, by origin, so a test can show nothing left the gateway. */
export function recordOrigins(page: Page): Set<string> {
  const origins = new Set<string>();
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin);
  });
  return origins;
}

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string;
  targets: string[];
}

/** axe-core run in the page (evaluated through the DevTools protocol, so the page's CSP stays as served): serious and critical violations. */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
}

export type ScreenVariant = (typeof SCREEN_VARIANTS)[number];

/**
 * One screen in every variant: no serious or critical axe-core violation and nothing wider than the viewport, and,
 * when `shots` names a folder, a full-page screenshot of each variant `shoot` picks (all unless given). Leaves the
 * page at 1280 px, light.
 */
export async function checkScreen(page: Page, name: string, shots: { dir: string | null; shoot?: (v: ScreenVariant) => boolean }): Promise<void> {
  for (const v of SCREEN_VARIANTS) {
    await page.setViewportSize({ width: v.width, height: v.height });
    await page.emulateMedia({ colorScheme: v.scheme });
    expect([name, v, await seriousAxeViolations(page)]).toEqual([name, v, []]);
    expect([name, v.width, await page.evaluate(() => document.documentElement.scrollWidth)]).toEqual([name, v.width, v.width]);
    if (shots.dir && (shots.shoot?.(v) ?? true)) await page.screenshot({ path: path.join(shots.dir, `${name}-${v.width}-${v.scheme}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}
