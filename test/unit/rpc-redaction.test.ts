import { redactError, rpcUrlRedactor } from '../../src/adapters/rpc-redaction';

const redact = rpcUrlRedactor({ 1: 'https://mainnet.example/v3/KEY-ONE', 8453: 'https://base.example/KEY-TWO' });

describe('RPC URL redaction', () => {
  it('When a text names a configured RPC URL, Then the URL is replaced by its chain', () => {
    expect(redact('POST https://base.example/KEY-TWO timed out')).toBe('POST <rpc of chain 8453> timed out');
    expect(redact('nothing secret here')).toBe('nothing secret here');
  });

  it('When a provider error is redacted, Then it keeps its code and short message and drops the request info', () => {
    const err = Object.assign(new Error('server response 429 (info={ "requestUrl": "https://mainnet.example/v3/KEY-ONE" }, code=SERVER_ERROR)'), {
      code: 'SERVER_ERROR', shortMessage: 'server response 429',
    });
    redactError(err, redact);
    expect(err.message).toBe('server response 429 (code=SERVER_ERROR)');
    expect(err.stack).not.toContain('KEY-ONE');
  });

  it('When a wrapping error carries the URL in its message and its cause, Then both are redacted', () => {
    const cause = new Error('connect ECONNREFUSED for https://base.example/KEY-TWO');
    const err = new Error('scan failed: https://base.example/KEY-TWO', { cause });
    redactError(err, redact);
    expect(`${err.message} ${err.stack} ${cause.message} ${cause.stack}`).not.toMatch(/KEY-/);
    expect(cause.message).toBe('connect ECONNREFUSED for <rpc of chain 8453>');
  });
});
