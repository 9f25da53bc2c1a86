/**
 * Spec 4.1 redirectUrl rules: an absolute http(s) URL as a browser's (WHATWG) parser reads it, without
 * credentials, without U+0000 raw or percent-encoded, at most 2048 characters. localhost and any domain are
 * fine. The value is stored as given (so it must be well-formed Unicode); this only decides whether it is acceptable.
 */
export const REDIRECT_URL_MAX_LENGTH = 2048;

export type RedirectUrlVerdict = { ok: true } | { ok: false; reason: string };

export function checkRedirectUrl(value: string): RedirectUrlVerdict {
  if (value.length === 0) return { ok: false, reason: 'must not be empty' };
  // Characters, not UTF-16 units: an emoji counts once, as a person would count it.
  if (Array.from(value).length > REDIRECT_URL_MAX_LENGTH) return { ok: false, reason: `must be at most ${REDIRECT_URL_MAX_LENGTH} characters` };
  if (value.includes('\u0000') || /%00/i.test(value)) return { ok: false, reason: 'must not contain a NUL character' };
  // A lone UTF-16 surrogate has no UTF-8 form: the database would store U+FFFD instead, so not "unchanged".
  if (/\p{Cs}/u.test(value)) return { ok: false, reason: 'must be well-formed Unicode (no lone surrogate)' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, reason: 'must be an absolute URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'must use http or https' };
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'must not contain credentials' };
  if (url.hostname === '') return { ok: false, reason: 'must have a host' };
  return { ok: true };
}
