import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(__dirname, '../../src');

/** Every .ts file under src except the generated Prisma client. */
function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return name === 'generated' ? [] : sourceFiles(p);
    return p.endsWith('.ts') ? [p] : [];
  });
}

/** The relative specifiers a source text imports or re-exports (type-only ones too: they tie modules together just the same). */
function importSpecifiers(text: string): string[] {
  return [...text.matchAll(/(?:import|export)[^'"]*?from\s+['"](\.[^'"]+)['"]/g)].map((m) => m[1]!);
}

/** Relative imports and re-exports of a file, resolved to files. */
function localImports(file: string): string[] {
  return importSpecifiers(readFileSync(file, 'utf8')).flatMap((spec) => {
    const target = path.resolve(path.dirname(file), spec);
    return [`${target}.ts`, path.join(target, 'index.ts')].filter((c) => existsSync(c)).slice(0, 1);
  });
}

/**
 * The layers of src, bottom first; a folder may import its own layer and the ones below it, never one above.
 * Folders on one line share a layer: metrics is the API process's HTTP and book metrics, wired by api/app.ts and
 * reading its route template. docs: /docs/ARCHITECTURE.md "Modules".
 */
const LAYERS: string[][] = [
  ['domain'],
  ['config'],
  ['adapters'],
  ['store'],
  ['chain'],
  ['provisioning'],
  ['reconcile'],
  ['activities'],
  ['workflows'],
  ['temporal'],
  ['use-cases'],
  ['api', 'metrics'],
  ['widget', 'panel'],
  ['http'],
  ['cli', 'main.ts'],
];
/** The generated Prisma client: only src/store names it (the Prisma case below). */
const OUTSIDE_LAYERS = ['generated'];

/**
 * Known imports up the layers, each with what removes it; the layer case ignores exactly these.
 * - config/signing-keys.ts checks the keys against the configured public half by deriving it (adapters/hd-wallet).
 */
const KNOWN_UPWARD = ['config/signing-keys.ts -> ../adapters/hd-wallet'];

/**
 * Activities that still write their SQL next to their logic: the approval, execute and re-quote sections (one
 * lockedSection or sqlTransaction each, statements built with the values they decide) are to move to src/store as
 * the outbound ones did. The SQL case ignores these files, and fails when one of them no longer needs it.
 */
const SQL_NOT_YET_IN_STORE = ['activities/approval.ts', 'activities/headless-execute.ts', 'activities/requote.ts', 'activities/withdrawals.ts'];

/** The top folder (or top file) of a path under src. */
const topOf = (file: string) => path.relative(SRC, file).split(path.sep)[0]!;

/** Imports from a lower layer to a higher one, as `file -> import`; files given as paths under `root`. */
function upwardImports(files: Array<{ file: string; text: string }>, root = SRC): string[] {
  const rank = new Map(LAYERS.flatMap((folders, i) => folders.map((f) => [f, i] as const)));
  return files.flatMap(({ file, text }) => {
    const from = topOf(file);
    if (OUTSIDE_LAYERS.includes(from)) return [];
    return importSpecifiers(text).flatMap((spec) => {
      const to = topOf(path.resolve(path.dirname(file), spec));
      if (OUTSIDE_LAYERS.includes(to) || to.startsWith('..')) return [];
      const [a, b] = [rank.get(from), rank.get(to.replace(/\.ts$/, '') === 'main' ? 'main.ts' : to)];
      if (a === undefined) return [`${path.relative(root, file)}: its folder ${from} is in no layer`];
      if (b === undefined) return [`${path.relative(root, file)} -> ${spec}: ${to} is in no layer`];
      return b > a ? [`${path.relative(root, file)} -> ${spec}`] : [];
    });
  });
}

/**
 * Raw SQL: the ways around Prisma's query builder (and the pool under it), and SQL text in a string or template.
 * Keywords are matched upper-case, as every statement in src is written, so prose in comments does not count.
 */
const RAW_SQL = [
  /\$queryRaw|\$executeRaw|\bPrisma\.sql\b|\bsql(?:Rows|Transaction|Batch)\b|\blockedSection\b|\.sql\.query\b/,
  /['"`][^'"`]*?\b(?:SELECT\b[^'"`]*?\bFROM|UPDATE\s+"?\w+"?\s+SET|INSERT\s+INTO|DELETE\s+FROM)\b/,
];
/** Prisma itself: the generated client, `@prisma/*`, a model call on a client or transaction, the API's deps.db. */
const PRISMA = [
  /from\s+['"][^'"]*(?:\/generated\/prisma[^'"]*|@prisma\/[^'"]+)['"]/,
  /\b(?:db|tx|prisma)\.[a-z]\w*\.(?:find|create|update|upsert|delete|count|aggregate|groupBy)\w*\(/,
  /\bdeps\.db\.\w|\.\$transaction\(/,
  ...RAW_SQL,
];

/** The lines of a text that match any of the patterns, as `file:line: text`. */
function matchingLines(file: string, text: string, patterns: RegExp[], root = SRC): string[] {
  const lines = text.split('\n');
  const hits = new Set<number>();
  for (const re of patterns) {
    for (const m of text.matchAll(new RegExp(re.source, 'g'))) hits.add(text.slice(0, m.index).split('\n').length);
  }
  return [...hits].sort((a, b) => a - b).map((n) => `${path.relative(root, file)}:${n}: ${lines[n - 1]!.trim().slice(0, 100)}`);
}

const under = (file: string, folder: string) => path.relative(SRC, file).split(path.sep)[0] === folder;

/** The first import cycle found by a depth-first walk, as a list of files, or null. */
function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (f: string): string[] | null => {
    if (state.get(f) === 'done') return null;
    if (state.get(f) === 'open') return stack.slice(stack.indexOf(f)).concat(f);
    state.set(f, 'open');
    stack.push(f);
    for (const next of graph.get(f) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(f, 'done');
    return null;
  };
  for (const f of graph.keys()) {
    const cycle = visit(f);
    if (cycle) return cycle;
  }
  return null;
}

describe('the structure of src', () => {
  const files = sourceFiles();

  it('When its imports are followed, Then no module imports itself back (no cycle)', () => {
    const cycle = findCycle(new Map(files.map((f) => [f, localImports(f)])));
    expect(cycle?.map((f) => path.relative(SRC, f)) ?? null).toBeNull();
  });

  it('When its files are measured, Then none is over 250 lines', () => {
    const long = files.map((f) => ({ file: path.relative(SRC, f), lines: readFileSync(f, 'utf8').split('\n').length - 1 })).filter((f) => f.lines > 250);
    expect(long).toEqual([]);
  });

  it('When its imports are read, Then every one points to its own layer or one below (type-only imports too)', () => {
    const upward = upwardImports(files.map((file) => ({ file, text: readFileSync(file, 'utf8') })));
    expect(upward.filter((i) => !KNOWN_UPWARD.includes(i))).toEqual([]);
  });

  it('When its files are read, Then raw SQL is written only in src/store (src/api: see the Prisma case)', () => {
    const outside = files.filter((f) => !['store', 'api', ...OUTSIDE_LAYERS].includes(topOf(f)));
    const hits = outside.flatMap((f) => matchingLines(f, readFileSync(f, 'utf8'), RAW_SQL));
    expect(hits.filter((h) => !SQL_NOT_YET_IN_STORE.includes(h.split(':')[0]!))).toEqual([]);
    expect(SQL_NOT_YET_IN_STORE.filter((f) => !hits.some((h) => h.startsWith(`${f}:`)))).toEqual([]);
  });

  // Fails until the routes move their reads and writes to src/store and src/use-cases (a separate change, merged first).
  it('When src/api is read, Then it neither imports Prisma nor calls it, raw SQL included', () => {
    const api = files.filter((f) => under(f, 'api'));
    expect(api.flatMap((f) => matchingLines(f, readFileSync(f, 'utf8'), PRISMA))).toEqual([]);
  });

  it('Guard: an import up the layers is found, a type-only one too, and one down is not', () => {
    const file = path.join(SRC, 'store', 'planted.ts');
    const text = `import type { Foo } from '../activities/foo';\nimport { bar } from '../adapters/bar';\nexport { baz } from './baz';\n`;
    expect(upwardImports([{ file, text }])).toEqual(['store/planted.ts -> ../activities/foo']);
  });

  it('Guard: raw SQL is found in each of its forms, and prose is not', () => {
    const file = path.join(SRC, 'chain', 'planted.ts');
    const planted = [
      'await db.$queryRaw`x`;',
      'await tx.$executeRaw`x`;',
      'const q = Prisma.sql`x`;',
      'await sqlRows(db, S, []);',
      'await lockedSection(db, [], f);',
      'await db.sql.query(q);',
      "const S = { name: 'n', text: `SELECT * FROM \"OutboundTx\" WHERE id = $1` };",
      'const u = `UPDATE "Deposit" SET status = $1`;',
      "const i = 'INSERT INTO t (a) VALUES (1)';",
      'const d = "DELETE FROM t";',
      '// we select rows from the table and update the set, insert into nothing',
    ].join('\n');
    expect(matchingLines(file, planted, RAW_SQL).map((l) => l.split(':')[1])).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  });

  it('Guard: Prisma in src/api is found in each of its forms', () => {
    const file = path.join(SRC, 'api', 'planted.ts');
    const planted = [
      "import type { Withdrawal } from '../generated/prisma/client';",
      "import { Prisma } from '@prisma/client';",
      'const w = await db.withdrawal.findMany({});',
      'const n = await deps.db.withdrawal.count();',
      'await db.$transaction(async (tx) => tx.session.update({}));',
      'const ok = await withdrawalsOf(operatorId);',
    ].join('\n');
    expect(matchingLines(file, planted, PRISMA).map((l) => l.split(':')[1])).toEqual(['1', '2', '3', '4', '5']);
  });

  it('Guard: a cycle is found when there is one', () => {
    expect(findCycle(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']]]))).toEqual(['a', 'b', 'c', 'a']);
  });
});
