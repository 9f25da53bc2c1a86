import { readFileSync } from 'node:fs';
import path from 'node:path';
import { envSchema } from '../../src/config/env';
import { signingKeysSchema } from '../../src/config/signing-keys';

describe('README configuration table', () => {
  it('When the config schema has a variable, Then the README documents it, and documents nothing else', () => {
    const readme = readFileSync(path.resolve(__dirname, '../../README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Tests'));
    const documented = new Set([...table.matchAll(/^\| `([A-Z_]+)`(?:, `([A-Z_]+)`)?/gm)].flatMap((m) => [m[1], m[2]].filter(Boolean) as string[]));
    expect([...documented].sort()).toEqual([...Object.keys(envSchema.shape), ...Object.keys(signingKeysSchema.shape)].sort());
  });
});
