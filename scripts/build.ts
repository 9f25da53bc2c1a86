/**
 * `npm run build`: the production tree in dist/. tsc compiles src/ (tsconfig.build.json; CommonJS, since package.json
 * declares no module type), then the two bundles a running gateway would otherwise build at start are written beside
 * it: dist/workflow-bundle.js (the worker's workflows, webpack through @temporalio/worker), dist/widget/app.js and
 * dist/panel/app.js (the widget's and the panel's page scripts, esbuild). `node dist/main.js --role api|worker` then
 * needs the production dependencies only.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';
import { panelScript } from '../src/panel/bundle';
import { widgetScript } from '../src/widget/bundle';

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
const quiet = { log: () => {}, trace: () => {}, debug: () => {}, info: () => {}, warn: (m: string) => console.error(m), error: (m: string) => console.error(m) };

async function main(): Promise<void> {
  const t0 = Date.now();
  // A file deleted from src/ must not live on in dist/.
  rmSync(DIST, { recursive: true, force: true });
  execFileSync(path.join(ROOT, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
  // From the compiled workflows: the bundle holds exactly the JavaScript dist/ runs.
  const { code } = await bundleWorkflowCode({ workflowsPath: path.join(DIST, 'workflows', 'index.js'), logger: quiet });
  writeFileSync(path.join(DIST, 'workflow-bundle.js'), code);
  for (const [dir, script] of [['widget', widgetScript], ['panel', panelScript]] as const) {
    mkdirSync(path.join(DIST, dir), { recursive: true });
    writeFileSync(path.join(DIST, dir, 'app.js'), await script.build());
  }
  console.error(`build: dist/ written in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

main().catch((err: unknown) => {
  console.error(`build failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
