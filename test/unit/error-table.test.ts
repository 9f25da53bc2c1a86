import { readFileSync } from 'node:fs';
import { ERRORS } from '../../src/domain/errors';
import { ERROR_TABLE_FILE, errorTable } from '../../dev/api-reference/error-table';

describe('docs/errors.md', () => {
  it('When the committed table is compared with the one src/domain/errors.ts makes, Then they are the same (npm run docs:errors)', () => {
    expect(readFileSync(ERROR_TABLE_FILE, 'utf8')).toBe(errorTable());
  });

  it('When the table is made, Then every catalog code has one row with its status and retryable flag', () => {
    const rows = errorTable().split('\n').filter((l) => l.startsWith('| `'));
    expect(rows).toHaveLength(Object.keys(ERRORS).length);
    expect(rows).toContainEqual(expect.stringMatching(/^\| `PRICE_UNAVAILABLE` \| 503 Service Unavailable \| yes \| /));
    expect(rows).toContainEqual(expect.stringMatching(/^\| `OPERATOR_REFERENCE_CONFLICT` \| 409 Conflict \| no \| /));
  });
});
