import { ERRORS, OPERATOR_ACTIONS, REASON_PHRASES, type ErrorCode } from '../../src/domain/errors';

export const ERROR_TABLE_FILE = 'docs/errors.md';

/** docs/errors.md as src/domain/errors.ts makes it: every code with its status, retryable flag and what to do. */
export function errorTable(): string {
  const rows = (Object.keys(ERRORS) as ErrorCode[]).map((code) => {
    const { http, retryable } = ERRORS[code];
    return `| \`${code}\` | ${http} ${REASON_PHRASES[http] ?? ''} | ${retryable ? 'yes' : 'no'} | ${OPERATOR_ACTIONS[code].replace(/\|/g, '\\|')} |`;
  });
  return [
    '# Error codes',
    '',
    'Generated from `src/domain/errors.ts` by `npm run docs:errors`; a unit test (test/unit/error-table.test.ts) fails when',
    'this file differs from what the code makes. Do not edit by hand.',
    '',
    'Every failed request answers `{ message, errorCode, error }` with the HTTP status below (`error` is its reason',
    'phrase). Branch on `errorCode`, which is stable; `message` is for people and may change. A malformed or non-EVM',
    'address is a 400 without `errorCode`. **Retryable** says whether sending the same request again later can succeed',
    '(with the same `Idempotency-Key` on an operator POST); a code that is not retryable needs a change first. Some codes',
    'answer with another status where the operation says so (`HEADLESS_UNSUPPORTED_CHAIN` and `_TOKEN` are 409 at',
    'execute); each operation of the API reference (`GET /openapi.json`) lists the codes it can answer by status, with',
    'the same flag in `x-error-codes`.',
    '',
    '| errorCode | HTTP | Retryable | What the operator should do |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
