import { answerHeaders, idempotencyKeyProblem, judgeExistingKey, keepsAnswer, requestFingerprint } from '../../src/domain/idempotency';

describe('Idempotency-Key rules', () => {
  it.each([
    ['a', true],
    ['k'.repeat(255), true],
    [' ~ spaces and symbols !"#', true],
    ['', false],
    ['k'.repeat(256), false],
    ['tab\there', false],
    ['new\nline', false],
    ['clé', false],
    ['\x7f', false],
  ])('When the key is %j, Then it is taken: %s', (key, ok) => {
    expect(idempotencyKeyProblem(key) === null).toBe(ok);
  });

  it('When an answer is a success or a final refusal, Then it is kept; a 5xx or a retryable refusal is not', () => {
    expect([201, 200, 202].map((s) => keepsAnswer(s, undefined))).toEqual([true, true, true]);
    expect(keepsAnswer(400, 'VALIDATION_ERROR')).toBe(true);
    expect(keepsAnswer(404, 'SESSION_NOT_FOUND')).toBe(true);
    expect(keepsAnswer(409, 'OPERATOR_REFERENCE_CONFLICT')).toBe(true);
    expect(keepsAnswer(500, 'INTERNAL_ERROR')).toBe(false);
    expect(keepsAnswer(503, 'SERVICE_UNAVAILABLE')).toBe(false);
    expect(keepsAnswer(502, undefined)).toBe(false);
    expect(keepsAnswer(429, 'RATE_LIMITED')).toBe(false);
    expect(keepsAnswer(409, 'INSUFFICIENT_LIQUIDITY')).toBe(false);
  });

  it('When two requests differ in method, path or a value, Then their fingerprints differ; field order does not count', () => {
    const base = requestFingerprint('POST', '/session/deposit', { a: '1', b: { c: [1, 2] } });
    expect(requestFingerprint('post', '/session/deposit', { b: { c: [1, 2] }, a: '1' })).toBe(base);
    expect(requestFingerprint('POST', '/session/withdraw', { a: '1', b: { c: [1, 2] } })).not.toBe(base);
    expect(requestFingerprint('POST', '/session/deposit', { a: '1', b: { c: [2, 1] } })).not.toBe(base);
    expect(requestFingerprint('POST', '/session/deposit', { a: 1, b: { c: [1, 2] } })).not.toBe(base);
    expect(requestFingerprint('POST', '/session/deposit', undefined)).not.toBe(requestFingerprint('POST', '/session/deposit', {}));
  });

  it("When an answer's headers are kept, Then those of the exchange are left out", () => {
    expect(answerHeaders({ 'Content-Type': 'application/json', 'content-length': 12, 'x-request-id': 'r', date: 'd', etag: 'W/"x"', 'retry-after': undefined })).toEqual({
      'content-type': 'application/json',
      'content-length': '12',
      etag: 'W/"x"',
    });
  });

  it('When a key is claimed already, Then another request is REUSED, the same one IN_USE until its answer is kept', () => {
    expect(judgeExistingKey({ fingerprint: 'a', state: 'DONE' }, 'a')).toBe('replay');
    expect(judgeExistingKey({ fingerprint: 'a', state: 'IN_FLIGHT' }, 'a')).toBe('in-use');
    expect(judgeExistingKey({ fingerprint: 'a', state: 'DONE' }, 'b')).toBe('reused');
    expect(judgeExistingKey({ fingerprint: 'a', state: 'IN_FLIGHT' }, 'b')).toBe('reused');
  });
});
