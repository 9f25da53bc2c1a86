import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';

/**
 * The management panel's session (CONTRACT §9): the admin token from a login, kept in an HttpOnly, SameSite=Strict
 * cookie so the page's script never holds it. Cookie-authenticated state changes also carry a CSRF token derived
 * from the same token, which the page reads from its markup (decision record 0037).
 */
export const ADMIN_COOKIE = 'gw_admin';
export const CSRF_HEADER = 'x-csrf-token';

/** The admin token in the request's cookie, if any (no cookie library: one name, one value). */
export function adminCookieToken(req: Request): string | null {
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === ADMIN_COOKIE) return rest.join('=') || null;
  }
  return null;
}

/** Bound to the session: it changes with every login, and a page of another session's token does not match. */
export function csrfToken(adminToken: string): string {
  return createHmac('sha256', adminToken).update('panel-csrf').digest('base64url');
}

export function csrfMatches(req: Request, adminToken: string): boolean {
  const given = Buffer.from(req.get(CSRF_HEADER) ?? '');
  const want = Buffer.from(csrfToken(adminToken));
  return given.length === want.length && timingSafeEqual(given, want);
}

const cookieAttributes = (req: Request) => `Path=/; HttpOnly; SameSite=Strict${req.secure ? '; Secure' : ''}`;

export function setAdminCookie(req: Request, res: Response, token: string, expiresAt: Date): void {
  res.append('Set-Cookie', `${ADMIN_COOKIE}=${token}; ${cookieAttributes(req)}; Expires=${expiresAt.toUTCString()}`);
}

export function clearAdminCookie(req: Request, res: Response): void {
  res.append('Set-Cookie', `${ADMIN_COOKIE}=; ${cookieAttributes(req)}; Max-Age=0`);
}
