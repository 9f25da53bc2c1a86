import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Production code (src/) runs without the development tree: it imports nothing under dev/ (the launcher, the dev
 * chains, the dev CLI commands), and no package that only devDependencies install (`npm ci --omit=dev` leaves those out).
 */
const ROOT = path.resolve(__dirname, '../..');
const SRC = path.join(ROOT, 'src');
const DEV = path.join(ROOT, 'dev');

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return tsFiles(full);
    return e.isFile() && e.name.endsWith('.ts') ? [full] : [];
  });
}

interface Import {
  file: string;
  line: number;
  specifier: string;
  /** `import type ...`, or every named binding marked `type`: erased from the JavaScript that runs. */
  typeOnly: boolean;
}

/** Static imports, re-exports, `import()` and `require()` of a file, as written. */
function importsOf(file: string): Import[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const found: Import[] = [];
  const add = (node: ts.Node, spec: ts.Expression | undefined, typeOnly: boolean) => {
    if (!spec || !ts.isStringLiteralLike(spec)) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    found.push({ file: path.relative(ROOT, file), line, specifier: spec.text, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const allTypes = !!clause && !clause.name && !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
      add(node, node.moduleSpecifier, !!clause?.isTypeOnly || allTypes);
    } else if (ts.isExportDeclaration(node)) {
      add(node, node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node, node.moduleReference.expression, node.isTypeOnly);
    } else if (ts.isCallExpression(node)) {
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      if (isRequire || node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node, node.arguments[0], false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node, node.argument.literal as ts.Expression, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const imports = tsFiles(SRC).flatMap(importsOf);
const where = (i: Import) => `${i.file}:${i.line} ${i.specifier}`;

/** `@scope/name/x` -> `@scope/name`, `name/x` -> `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

describe('production code and the development tree', () => {
  it('When src/ is read, Then its imports are found (the scan sees the code it checks)', () => {
    expect(imports.length).toBeGreaterThan(100);
  });

  it('When its imports are resolved, Then none reaches into dev/', () => {
    const intoDev = imports.filter((i) => {
      if (!i.specifier.startsWith('.')) return false;
      const rel = path.relative(DEV, path.resolve(ROOT, path.dirname(i.file), i.specifier));
      return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
    });
    expect(intoDev.map(where)).toEqual([]);
  });

  it('When its packages are listed, Then none that runs is only a devDependency', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const devOnly = (name: string) => name in pkg.devDependencies && !(name in pkg.dependencies);
    const loaded = imports.filter((i) => !i.typeOnly && !i.specifier.startsWith('.') && !i.specifier.startsWith('node:'));
    expect(loaded.filter((i) => devOnly(packageOf(i.specifier))).map(where)).toEqual([]);
  });
});
