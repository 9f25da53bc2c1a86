import { generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 with the authenticator apps' defaults: SHA-1, 6 digits, 30 s steps (otplib's defaults). */
const PERIOD_SECONDS = 30;
const ISSUER = 'Crypto Payment Gateway';
/** A code of the step before or after is still taken: a phone's clock a little off, a code typed as it turned. */
const TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

/** What an authenticator app scans: `otpauth://totp/<issuer>:<email>?secret=…&issuer=…`. */
export function totpUri(secret: string, email: string): string {
  return generateURI({ issuer: ISSUER, label: email, secret });
}

/** The time step of a valid code, or null. The caller refuses a step at or before the last one it accepted. */
export async function totpStep(secret: string, code: string): Promise<bigint | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const now = Math.floor(Date.now() / 1000);
  const r = await verify({ secret, token: code, epoch: now, epochTolerance: TOLERANCE_SECONDS });
  return r.valid ? BigInt(Math.floor(now / PERIOD_SECONDS) + r.delta) : null;
}

/** A code is accepted once: only a step later than the last accepted one logs in. */
export function isFreshStep(step: bigint, lastStep: bigint | null): boolean {
  return lastStep === null || step > lastStep;
}
