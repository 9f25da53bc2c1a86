import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A page script the gateway serves itself (no CDN): one esbuild bundle of a `client/main.ts` beside the pages that
 * load it. The widget's and the management panel's are both made here.
 */
export interface PageScript {
  /** Where `npm run build` writes it, beside the pages' compiled JavaScript (dist/widget/app.js, dist/panel/app.js). */
  prebuilt: string;
  /** Bundles client/main.ts of `dir` (what the build writes, and what runs from source serves). */
  build(): Promise<string>;
  /** Once per process: the prebuilt file when running from dist/, else bundled from source on the first page. */
  serve(): Promise<string>;
}

export function pageScript(dir: string): PageScript {
  let bundled: Promise<string> | null = null;
  const prebuilt = path.join(dir, 'app.js');
  const build = async (): Promise<string> => {
    // Loaded only here: a production build serves the prebuilt file and never starts esbuild.
    const { build: esbuild } = await import('esbuild');
    const r = await esbuild({
      entryPoints: [path.join(dir, 'client', 'main.ts')],
      bundle: true,
      minify: true,
      format: 'iife',
      target: 'es2020',
      write: false,
      logLevel: 'silent',
    });
    return r.outputFiles[0]!.text;
  };
  return {
    prebuilt,
    build,
    serve() {
      bundled ??= existsSync(prebuilt) ? Promise.resolve(readFileSync(prebuilt, 'utf8')) : build();
      // A failed build is retried on the next request instead of being cached forever.
      bundled.catch(() => {
        bundled = null;
      });
      return bundled;
    },
  };
}

/** The widget's page script (client/main.ts here). */
export const widgetScript = pageScript(__dirname);
