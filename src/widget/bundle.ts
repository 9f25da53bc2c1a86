import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Where `npm run build` writes the page script, beside this module's compiled JavaScript (dist/widget/). */
export const PREBUILT_WIDGET_SCRIPT = path.join(__dirname, 'app.js');

let bundled: Promise<string> | null = null;

/** The page script bundled from client/main.ts by esbuild: what the build writes, and what runs from source serves. */
export async function buildWidgetScript(): Promise<string> {
  // Loaded only here: a production build serves the prebuilt file and never starts esbuild.
  const { build } = await import('esbuild');
  const r = await build({
    entryPoints: [path.join(__dirname, 'client', 'main.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    logLevel: 'silent',
  });
  return r.outputFiles[0]!.text;
}

/**
 * The page script, once per process, so the gateway serves it itself (no CDN): the file `npm run build` wrote when
 * running from dist/, else bundled from source on the first page.
 */
export function widgetScript(): Promise<string> {
  bundled ??= existsSync(PREBUILT_WIDGET_SCRIPT) ? Promise.resolve(readFileSync(PREBUILT_WIDGET_SCRIPT, 'utf8')) : buildWidgetScript();
  // A failed build is retried on the next request instead of being cached forever.
  bundled.catch(() => {
    bundled = null;
  });
  return bundled;
}
