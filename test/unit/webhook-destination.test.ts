import { parseCidrList, refusedRange, webhookUrlProblem } from '../../src/domain/webhook-destination';

describe('webhook destinations (CONTRACT §9)', () => {
  it.each([
    ['127.0.0.1', 'loopback'], ['::1', 'loopback'], ['10.0.0.5', 'private'], ['172.16.3.4', 'private'], ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'], ['fe80::1', 'linkLocal'], ['100.64.0.1', 'carrierGradeNat'], ['fd00::5', 'uniqueLocal'],
    ['224.0.0.1', 'multicast'], ['ff02::1', 'multicast'], ['0.0.0.0', 'unspecified'], ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'loopback'], ['::ffff:169.254.169.254', 'linkLocal'], ['::ffff:a00:5', 'private'],
  ])('When a webhook would reach %s, Then it is refused as %s', (address, range) => {
    expect(refusedRange(address, [])).toBe(range);
  });

  it.each(['93.184.216.34', '2606:2800:220:1::1', '::ffff:93.184.216.34'])('When a webhook would reach the public %s, Then it may', (address) => {
    expect(refusedRange(address, [])).toBeNull();
  });

  it('When an internal address is inside WEBHOOK_ALLOWED_PRIVATE_CIDRS, Then it may be reached, and only that range', () => {
    const allowed = parseCidrList('127.0.0.0/8, fd00::/8');
    expect(refusedRange('127.0.0.1', allowed)).toBeNull();
    expect(refusedRange('::ffff:127.0.0.1', allowed)).toBeNull();
    expect(refusedRange('fd00::5', allowed)).toBeNull();
    expect(refusedRange('10.0.0.5', allowed)).toBe('private');
    expect(refusedRange('::1', allowed)).toBe('loopback');
  });

  it('When NODE_ENV=production, Then a plain-http webhook URL is refused and https is not', () => {
    expect(webhookUrlProblem('http://casino.example/hook', true)).toMatch(/https/);
    expect(webhookUrlProblem('https://casino.example/hook', true)).toBeNull();
    expect(webhookUrlProblem('http://casino.example/hook', false)).toBeNull();
  });
});
