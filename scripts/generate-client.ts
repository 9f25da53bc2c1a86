import { writeFileSync } from 'node:fs';
import { clientFiles } from './client-types';

/**
 * npm run client:generate: rewrites clients/typescript's openapi.json and src/schema.ts from the document.
 * With --print it writes nothing and prints `{ file: text }` (the staleness test compares that with the commit).
 */
async function main(): Promise<void> {
  const files = await clientFiles();
  if (process.argv.includes('--print')) {
    process.stdout.write(JSON.stringify(files));
    return;
  }
  for (const [file, text] of Object.entries(files)) {
    writeFileSync(file, text);
    console.log(`wrote ${file}`);
  }
}

void main();
