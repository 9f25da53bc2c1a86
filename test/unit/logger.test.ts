import { PassThrough } from 'node:stream';
import { createLogger } from '../../src/adapters/logger';

function capture(level: 'debug' | 'info' = 'debug') {
  const stream = new PassThrough();
  const lines: Array<Record<string, unknown>> = [];
  stream.on('data', (chunk: Buffer) => {
    for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l));
  });
  return { logger: createLogger({ level, stream, base: { service: 'test' } }), lines, text: () => lines.map((l) => JSON.stringify(l)).join('\n') };
}

describe('logger', () => {
  it('When a line carries secrets by field name at any of three levels, Then their values are redacted', () => {
    const c = capture();
    c.logger.info('x', {
      authorization: 'Bearer op-key-1', sid: 'sid-2',
      headers: { authorization: 'Bearer op-key-3', 'x-signature': 'sig-4', cookie: 'c-5' },
      operator: { webhookSecret: 'whsec-6', creds: { privateKey: '0xkey-7', mnemonic: 'seed-8' } },
      chain: { rpcUrl: 'https://rpc.example/KEY-9' },
    });
    const text = c.text();
    for (const s of ['op-key-1', 'sid-2', 'op-key-3', 'sig-4', 'c-5', 'whsec-6', '0xkey-7', 'seed-8', 'KEY-9']) expect(text).not.toContain(s);
    expect(c.lines[0]).toMatchObject({ msg: 'x', level: 'info', service: 'test', sid: '[redacted]', headers: { authorization: '[redacted]' } });
  });

  it('When a line carries bigint money and an error, Then the amount is an exact string and the error keeps name and message only', () => {
    const c = capture();
    const err = new Error('boom');
    c.logger.warn('y', { amount: 123456789012345678901234567890n, err });
    expect(c.lines[0]).toMatchObject({ level: 'warn', amount: '123456789012345678901234567890', err: { name: 'Error', message: 'boom' } });
    expect(JSON.stringify(c.lines[0])).not.toContain('stack');
  });

  it('When an error has a cause, Then a gRPC cause (numeric code) is kept with its code, and any other cause, which may name an RPC URL, is not', () => {
    const c = capture();
    const grpc = Object.assign(new Error('14 UNAVAILABLE: connection refused'), { code: 14, details: 'connection refused', metadata: {} });
    c.logger.warn('a', { err: new Error('Workflow Update failed', { cause: grpc }) });
    const provider = Object.assign(new Error('server response 500 (info={ "requestUrl": "https://rpc.example/KEY-10" })'), { code: 'SERVER_ERROR' });
    c.logger.warn('b', { err: new Error('price read failed', { cause: provider }) });
    expect(c.lines[0]).toMatchObject({ err: { name: 'Error', message: 'Workflow Update failed', cause: { message: '14 UNAVAILABLE: connection refused', code: 14 } } });
    expect(c.lines[1]!.err).toEqual({ name: 'Error', message: 'price read failed' });
    expect(c.text()).not.toContain('KEY-10');
  });

  it('When the level is info, Then debug lines are dropped; a child keeps its fields and the redaction', () => {
    const c = capture('info');
    c.logger.debug('hidden');
    c.logger.child({ requestId: 'r1' }).error('z', { token: 't-1' });
    expect(c.lines).toHaveLength(1);
    expect(c.lines[0]).toMatchObject({ msg: 'z', requestId: 'r1', token: '[redacted]', service: 'test' });
    expect(typeof c.lines[0]!.time).toBe('string');
  });
});
