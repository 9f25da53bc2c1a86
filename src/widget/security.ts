import { randomBytes } from 'node:crypto';
import type { RequestHandler, Response } from 'express';

/**
 * A page's policy: scripts only with this response's nonce (no inline handlers, no other origin), everything else
 * from the gateway itself. `frameOrigins` may frame it (none: no framing at all); `forms`: its forms may submit to
 * the gateway (the panel's filters), else to nowhere.
 */
export function pageCsp(nonce: string, frameOrigins: readonly string[], opts: { forms?: boolean } = {}): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    `form-action ${opts.forms ? "'self'" : "'none'"}`,
    `frame-ancestors ${frameOrigins.length ? frameOrigins.join(' ') : "'none'"}`,
  ].join('; ');
}

/**
 * Headers of every page response (the widget's, the panel's): the strict CSP, not framable (a widget page that knows
 * its operator calls `allowFraming`); no Referer anywhere, since a sid is in a widget page's URL; nosniff; no caching.
 */
export function pageSecurityHeaders(opts: { forms?: boolean } = {}): RequestHandler {
  return (_req, res, next) => {
    const nonce = randomBytes(16).toString('base64');
    res.locals.cspNonce = nonce;
    res.setHeader('Content-Security-Policy', pageCsp(nonce, [], opts));
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'no-store');
    next();
  };
}

export const widgetSecurityHeaders = pageSecurityHeaders();

/** A session's page may be framed by its operator's allowed origins (CONTRACT §8). */
export function allowFraming(res: Response, frameOrigins: readonly string[]): void {
  res.setHeader('Content-Security-Policy', pageCsp(cspNonce(res), frameOrigins));
}

export function cspNonce(res: Response): string {
  return res.locals.cspNonce as string;
}
