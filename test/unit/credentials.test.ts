import {
  apiKeyId,
  apiKeyMatches,
  decryptSecret,
  encryptSecret,
  generateApiKey,
  generateWebhookSecret,
  hashPassword,
  sha256Hex,
  verifyPassword,
} from '../../src/domain/credentials';

const KEY = 'cd'.repeat(32);

describe('operator API keys', () => {
  it('When a key is generated, Then only its hash and non-secret id are meant for storage, and it matches its hash', () => {
    const k = generateApiKey();
    expect(k.apiKey).toMatch(/^gw_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(apiKeyId(k.apiKey)).toBe(k.keyId);
    expect(k.keyHash).toBe(sha256Hex(k.apiKey));
    expect(k.keyHash).not.toContain(k.apiKey.slice('gw_0123456789abcdef_'.length));
    expect(apiKeyMatches(k.apiKey, k.keyHash)).toBe(true);
  });

  it('When a key differs by one character, Then it does not match', () => {
    const k = generateApiKey();
    const last = k.apiKey.at(-1) === 'A' ? 'B' : 'A';
    expect(apiKeyMatches(k.apiKey.slice(0, -1) + last, k.keyHash)).toBe(false);
  });

  it.each(['', 'Bearer x', 'gw_short_x', 'gw_0123456789abcdef_tooshort'])('When the key is %p, Then it has no id', (bad) => {
    expect(apiKeyId(bad)).toBeNull();
  });
});

describe('webhook secret encryption', () => {
  it('When a secret is encrypted, Then the ciphertext hides it and decrypts back with the key', () => {
    const secret = generateWebhookSecret();
    const enc = encryptSecret(secret, KEY);
    expect(enc).not.toContain(secret.slice(6));
    expect(encryptSecret(secret, KEY)).not.toBe(enc); // random IV
    expect(decryptSecret(enc, KEY)).toBe(secret);
  });

  it('When the ciphertext is tampered with or the key is wrong, Then decryption fails', () => {
    const enc = encryptSecret('whsec_abc', KEY);
    const parts = enc.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => decryptSecret(parts.join('.'), KEY)).toThrow();
    expect(() => decryptSecret(enc, 'ef'.repeat(32))).toThrow();
  });
});

describe('admin passwords', () => {
  it('When a password is hashed, Then it verifies, a wrong one does not, and the hash is salted', async () => {
    const h = await hashPassword('correct horse');
    expect(h).toMatch(/^scrypt\$/);
    expect(h).not.toContain('correct horse');
    expect(await verifyPassword('correct horse', h)).toBe(true);
    expect(await verifyPassword('correct horsf', h)).toBe(false);
    expect(await hashPassword('correct horse')).not.toBe(h);
  });

  it('When the stored hash is malformed, Then verification is false, not an exception', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
  });
});
