import path from 'node:path';
import { build } from 'esbuild';

let bundled: Promise<string> | null = null;

/**
 * The page script, bundled from client/main.ts by esbuild once per process (on the first page or at boot through
 * `warmWidgetBundle`), so the gateway serves it itself: no build step to forget, no CDN.
 */
export function widgetScript(): Promise<string> {
  bundled ??= build({
    entryPoints: [path.join(__dirname, 'client', 'main.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    logLevel: 'silent',
  }).then((r) => r.outputFiles[0]!.text);
  // A failed build is retried on the next request instead of being cached forever.
  bundled.catch(() => {
    bundled = null;
  });
  return bundled;
}
