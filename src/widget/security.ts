import { randomBytes } from 'node:crypto';
import type { RequestHandler, Response } from 'express';

/**
 * The page's policy: scripts only with this response's nonce (no inline handlers, no other origin), everything else
 * from the gateway itself. `frame-ancestors` lists the operator's allowed frame origins; with none, no framing at all.
 */
export function widgetCsp(nonce: string, frameOrigins: readonly string[]): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${frameOrigins.length ? frameOrigins.join(' ') : "'none'"}`,
  ].join('; ');
}

/**
 * Headers of every widget response: the strict CSP (not framable until a page knows its operator and calls
 * `allowFraming`); no Referer anywhere, since the sid is in the page's URL; nosniff; no caching of sid pages.
 */
export const widgetSecurityHeaders: RequestHandler = (_req, res, next) => {
  const nonce = randomBytes(16).toString('base64');
  res.locals.cspNonce = nonce;
  res.setHeader('Content-Security-Policy', widgetCsp(nonce, []));
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/** A session's page may be framed by its operator's allowed origins (CONTRACT §8). */
export function allowFraming(res: Response, frameOrigins: readonly string[]): void {
  res.setHeader('Content-Security-Policy', widgetCsp(cspNonce(res), frameOrigins));
}

export function cspNonce(res: Response): string {
  return res.locals.cspNonce as string;
}
