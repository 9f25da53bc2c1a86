/**
 * Admin login limits (decision record 0035). Every attempt is counted, before the password is hashed, per client
 * address and per (email, client address); failed checks are also counted per email from every address. While an
 * email has had many failures, each address gets only a few attempts at it: a flood slows that email's logins
 * everywhere, yet an address that has not been failing still has attempts left for the right password and code.
 */
export interface AdminLoginLimitSettings {
  /** Attempts per client address, any email. */
  maxPerAddress: number;
  /** Attempts per email from one client address. */
  maxPerEmailAddress: number;
  /** Failures per email from every address after which each address gets `underAttackPerEmailAddress`. */
  emailFailuresBeforeSlowdown: number;
}

/** Attempts an address has at an email while the email is under attack: enough for a typo and a code typed late. */
export const UNDER_ATTACK_ATTEMPTS = 3;

export interface LoginLimit {
  subject: string;
  bucket: 'admin-login-ip' | 'admin-login-email-ip';
  limit: number;
}

/** The buckets an attempt takes a slot in; `emailHash` names the email, so the address list never holds one. */
export function adminLoginLimits(s: AdminLoginLimitSettings, a: { address: string; emailHash: string; emailFailures: number }): LoginLimit[] {
  const underAttack = a.emailFailures >= s.emailFailuresBeforeSlowdown;
  return [
    { subject: a.address, bucket: 'admin-login-ip', limit: s.maxPerAddress },
    {
      subject: `${a.emailHash}|${a.address}`,
      bucket: 'admin-login-email-ip',
      limit: underAttack ? Math.min(UNDER_ATTACK_ATTEMPTS, s.maxPerEmailAddress) : s.maxPerEmailAddress,
    },
  ];
}

/** The bucket failed checks of an email are counted in (subject: the email's hash). */
export const EMAIL_FAILURES_BUCKET = 'admin-login-email-failed';
