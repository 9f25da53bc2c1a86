import { createCipheriv, createDecipheriv, createHash, randomBytes, scrypt, timingSafeEqual, type BinaryLike, type ScryptOptions } from 'node:crypto';

/**
 * Credentials at rest: operator API keys as SHA-256 hashes (the key has 256 random bits, so a fast hash is
 * enough), webhook secrets encrypted (we need them back to sign), admin passwords with scrypt.
 * Every comparison of secret material is constant-time.
 */

const API_KEY_RE = /^gw_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

export interface NewApiKey {
  /** Shown once to the operator: `gw_<keyId>_<secret>`. */
  apiKey: string;
  /** Non-secret lookup id stored in clear. */
  keyId: string;
  keyHash: string;
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

export function generateApiKey(): NewApiKey {
  const keyId = randomBytes(8).toString('hex');
  const apiKey = `gw_${keyId}_${randomBytes(32).toString('base64url')}`;
  return { apiKey, keyId, keyHash: sha256Hex(apiKey) };
}

/** The lookup id of a well-formed key, or null for anything else. */
export function apiKeyId(apiKey: string): string | null {
  return API_KEY_RE.exec(apiKey)?.[1] ?? null;
}

export function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

export function apiKeyMatches(apiKey: string, storedHash: string): boolean {
  return safeEqualHex(sha256Hex(apiKey), storedHash);
}

export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** AES-256-GCM; output `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export function encryptSecret(plaintext: string, keyHex: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(keyHex, 'hex'), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

export function decryptSecret(encrypted: string, keyHex: string): string {
  const [version, iv, tag, body] = encrypted.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unrecognised secret encoding');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(keyHex, 'hex'), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 };

/** scrypt on the libuv thread pool: a login never blocks the event loop (a synchronous one costs ~35 ms of it). */
function scryptAsync(password: string, salt: BinaryLike, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, SCRYPT.keylen, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p });
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}

/** Admin bearer tokens: random, stored only as their SHA-256. */
export function generateAdminToken(): { token: string; tokenHash: string } {
  const token = `adm_${randomBytes(32).toString('base64url')}`;
  return { token, tokenHash: sha256Hex(token) };
}
