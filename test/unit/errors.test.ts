import { AppError, ERRORS, httpStatus, isErrorCode, REASON_PHRASES, type ErrorCode } from '../../src/domain/errors';
import * as failureTypes from '../../src/domain/failure-types';

const CODES = Object.keys(ERRORS) as ErrorCode[];

describe('the error catalog', () => {
  it.each(CODES)('When %s is answered, Then its status has a reason phrase and it says whether a retry may succeed', (code) => {
    expect(REASON_PHRASES[httpStatus(code)]).toEqual(expect.any(String));
    expect(typeof ERRORS[code].retryable).toBe('boolean');
    expect(new AppError(code, 'x').status).toBe(ERRORS[code].http);
  });
  it('When a dependency is down or a limit may change, Then the code is retryable; a refusal on the request itself is not', () => {
    expect(CODES.filter((c) => ERRORS[c].retryable).sort()).toEqual(
      ['BALANCE_UNAVAILABLE', 'GAS_ABOVE_CEILING', 'GAS_ESTIMATE_FAILED', 'HEADLESS_RETRY_IN_PROGRESS', 'IDEMPOTENCY_KEY_IN_USE', 'INSUFFICIENT_LIQUIDITY', 'INTERNAL_ERROR', 'PRICE_UNAVAILABLE', 'RATE_LIMITED', 'SERVICE_UNAVAILABLE'].sort(),
    );
  });
  it('When a status depends on the moment, Then the option overrides the catalog', () => {
    expect(new AppError('HEADLESS_UNSUPPORTED_TOKEN', 'x', { status: 409 }).status).toBe(409);
  });
});

describe('internal failure types', () => {
  it('When an activity fails internally, Then its type is no errorCode a caller could see (PRICE_UNAVAILABLE is a wait of the deposit credit)', () => {
    const types = (Object.values(failureTypes) as unknown[]).filter((v): v is string => typeof v === 'string');
    expect(types.filter((t) => isErrorCode(t))).toEqual(['PRICE_UNAVAILABLE']);
  });
});
