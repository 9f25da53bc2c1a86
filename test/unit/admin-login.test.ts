import { generate } from 'otplib';
import { adminLoginLimits, UNDER_ATTACK_ATTEMPTS } from '../../src/domain/admin-login';
import { isFreshStep, newTotpSecret, totpStep, totpUri } from '../../src/domain/totp';

const settings = { maxPerAddress: 30, maxPerEmailAddress: 10, emailFailuresBeforeSlowdown: 10 };
const limitsFor = (address: string, emailFailures: number) => adminLoginLimits(settings, { address, emailHash: 'h', emailFailures });

describe('admin login limits (decision record 0035)', () => {
  it('When an email has few failures, Then an address has the full per-(email, address) attempts, and its own address budget', () => {
    expect(limitsFor('127.0.0.1', 9)).toEqual([
      { subject: '127.0.0.1', bucket: 'admin-login-ip', limit: 30 },
      { subject: 'h|127.0.0.1', bucket: 'admin-login-email-ip', limit: 10 },
    ]);
  });

  it('When an email is flooded with failures, Then every address gets only a few attempts at it, never none', () => {
    for (const failures of [10, 50, 10_000]) {
      const [, perEmail] = limitsFor('127.0.0.2', failures);
      expect(perEmail!.limit).toBe(UNDER_ATTACK_ATTEMPTS);
      expect(perEmail!.limit).toBeGreaterThan(0);
    }
  });

  it("When two addresses try one email, Then they count in different buckets: one address's flood spends none of the other's attempts", () => {
    const a = limitsFor('127.0.0.1', 50).map((l) => `${l.bucket}:${l.subject}`);
    const b = limitsFor('127.0.0.2', 50).map((l) => `${l.bucket}:${l.subject}`);
    expect(a.filter((k) => b.includes(k))).toEqual([]);
  });

  it('When the per-(email, address) limit is set below the slowdown, Then the slowdown never raises it', () => {
    const [, perEmail] = adminLoginLimits({ ...settings, maxPerEmailAddress: 2 }, { address: 'x', emailHash: 'h', emailFailures: 99 });
    expect(perEmail!.limit).toBe(2);
  });
});

describe('TOTP', () => {
  it("When the authenticator's current code is given, Then its step is accepted once; a wrong code and a used step are not", async () => {
    const secret = newTotpSecret();
    expect(totpUri(secret, 'ops@example.com')).toMatch(/^otpauth:\/\/totp\/.+:ops%40example\.com\?secret=[A-Z2-7]+&issuer=/);
    const now = Math.floor(Date.now() / 1000);
    const step = await totpStep(secret, await generate({ secret, epoch: now }));
    expect(step).toBe(BigInt(Math.floor(now / 30)));
    expect(isFreshStep(step!, null)).toBe(true);
    expect(isFreshStep(step!, step!)).toBe(false);
    expect(isFreshStep(step! + 1n, step!)).toBe(true);
    // The next step's code (a phone's clock a little ahead) is taken too, as that later step.
    expect(await totpStep(secret, await generate({ secret, epoch: now + 30 }))).toBe(step! + 1n);
    expect(await totpStep(secret, 'abcdef')).toBeNull();
    expect(await totpStep(secret, await generate({ secret, epoch: Math.floor(Date.now() / 1000) - 600 }))).toBeNull();
  });
});
