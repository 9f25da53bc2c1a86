import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compareSemver, gateProblems, type BreakingChange } from '../dev/api-reference/breaking-gate';
import { ensureOasdiff } from '../dev/api-reference/tools';
import { openApiDocument } from '../src/http/endpoints';

const RELEASED_DIR = 'docs/openapi/released';
const fileOf = (version: string) => path.join(RELEASED_DIR, `openapi-${version}.json`);

/** The newest released document's version, from its file name. */
function releasedVersion(): string {
  const versions = readdirSync(RELEASED_DIR)
    .map((f) => /^openapi-(\d+\.\d+\.\d+)\.json$/.exec(f)?.[1])
    .filter((v): v is string => !!v)
    .sort(compareSemver);
  const newest = versions.at(-1);
  if (!newest) throw new Error(`no released document in ${RELEASED_DIR}`);
  return newest;
}

/**
 * npm run api:breaking: compares the document the code makes with the newest released one (oasdiff) and fails on a
 * breaking change that the version and CHANGELOG.md do not announce (dev/api-reference/breaking-gate.ts).
 * npm run api:release: writes the current document as the released one of its version (docs/versioning.md).
 */
function main(): void {
  const doc = openApiDocument();
  const current = doc.info.version;
  const text = `${JSON.stringify(doc, null, 2)}\n`;
  if (process.argv.includes('--release')) {
    mkdirSync(RELEASED_DIR, { recursive: true });
    writeFileSync(fileOf(current), text);
    console.log(`wrote ${fileOf(current)}`);
    return;
  }
  const released = releasedVersion();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'api-breaking-'));
  try {
    const revision = path.join(dir, 'openapi.json');
    writeFileSync(revision, text);
    const out = execFileSync(ensureOasdiff(console.error), ['breaking', fileOf(released), revision, '--format', 'json'], { encoding: 'utf8' });
    const changes = JSON.parse(out || '[]') as BreakingChange[];
    for (const c of changes) console.error(`${c.level >= 3 ? 'breaking' : 'warning'}: ${c.operation ?? ''} ${c.path ?? ''} ${c.text} (${c.id})`);
    const problems = gateProblems({ released, current, breaking: changes, changelog: readFileSync('CHANGELOG.md', 'utf8') });
    if (problems.length) {
      for (const p of problems) console.error(`api:breaking: ${p}`);
      console.error('api:breaking: see docs/versioning.md');
      process.exit(1);
    }
    console.log(`api:breaking: ${current} against the released ${released}: ${changes.filter((c) => c.level >= 3).length} breaking change(s), all announced`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
