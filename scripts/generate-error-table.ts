import { writeFileSync } from 'node:fs';
import { ERROR_TABLE_FILE, errorTable } from '../dev/api-reference/error-table';

/** npm run docs:errors: rewrites docs/errors.md from src/domain/errors.ts. */
writeFileSync(ERROR_TABLE_FILE, errorTable());
console.log(`wrote ${ERROR_TABLE_FILE}`);
