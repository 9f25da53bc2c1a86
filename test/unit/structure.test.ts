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

/** Relative imports and re-exports of a file (type-only ones too: they tie modules together just the same). */
function localImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:import|export)[^'"]*?from\s+['"](\.[^'"]+)['"]/g)].flatMap((m) => {
    const target = path.resolve(path.dirname(file), m[1]!);
    return [`${target}.ts`, path.join(target, 'index.ts')].filter((c) => existsSync(c)).slice(0, 1);
  });
}

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

  it('Guard: a cycle is found when there is one', () => {
    expect(findCycle(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']]]))).toEqual(['a', 'b', 'c', 'a']);
  });
});
