import fc from 'fast-check';
import { checkRedirectUrl, REDIRECT_URL_MAX_LENGTH } from '../../src/domain/redirect-url';

/** Table rows titled with a shortened value: the 2049-character case would otherwise flood the report. */
function titled<T extends unknown[]>(rows: [string, string, ...T][]): [string, string, string, ...T][] {
  return rows.map(([what, value, ...rest]) => {
    const shown = JSON.stringify(value);
    return [what, shown.length > 60 ? `${shown.slice(0, 50)}…" (${value.length} chars)` : shown, value, ...rest];
  });
}

/** An http URL of exactly `length` characters. */
function urlOfLength(length: number): string {
  const head = 'https://example.com/';
  return head + 'a'.repeat(length - head.length);
}

describe('checkRedirectUrl: accepted (spec 4.1 rule 2)', () => {
  it.each(
    titled([
      ['plain https', 'https://example.com'],
      ['plain http', 'http://example.com'],
      ['path, query and fragment', 'https://casino.example/return?user=42&lang=en#top'],
      ['localhost', 'http://localhost'],
      ['localhost with port and path', 'http://localhost:3000/after-deposit'],
      ['IPv4 address', 'http://127.0.0.1/back'],
      ['private IPv4 with the highest port', 'http://10.0.0.1:65535'],
      ['IPv6 loopback with port', 'http://[::1]:8080/'],
      ['IPv4-mapped IPv6', 'http://[::ffff:127.0.0.1]/'],
      ['explicit default port', 'https://example.com:443/'],
      ['port 0 (parseable, so allowed)', 'http://example.com:0'],
      ['unicode (IDN) host', 'https://bücher.de/'],
      ['emoji host', 'https://☃.net/'],
      ['punycode host', 'http://xn--bcher-kva.de'],
      ['unicode path, query and fragment', 'https://example.com/ü?q=ä#ö'],
      ['%20 in path and query', 'https://example.com/a%20b?c=%20d'],
      ['+ and encoded & in the query', 'https://example.com/?a=b+c&d=%26'],
      ['only a fragment after the host', 'https://example.com#section'],
      ['empty query and fragment', 'https://example.com/?#'],
      ['upper-case scheme and host', 'HTTPS://EXAMPLE.COM/Path'],
      ['a domain unrelated to the panel default', 'https://totally-different.example.org/x'],
      ['percent-encoded host letters', 'http://%65xample.com/'],
      ['invalid percent escape kept in the path', 'https://example.com/%zz'],
      ['%2500 (a literal "%00" text, not a NUL)', 'https://example.com/?x=%2500'],
      ['backslashes, read by a browser as slashes', 'http:\\\\example.com\\path'],
      ['backslash before an @ in the path, not credentials', 'http://example.com\\@evil.com'],
      ['scheme without slashes (a browser reads https://example.com/)', 'https:example.com'],
      ['empty userinfo (no credential left after parsing)', 'http://@example.com'],
      ['surrounding spaces a browser strips', '  https://example.com  '],
      ['underscore in a subdomain', 'http://a_b.example.com'],
      ['a well-formed surrogate pair (emoji) in the path', 'https://example.com/😀'],
      ['exactly 2048 characters', urlOfLength(REDIRECT_URL_MAX_LENGTH)],
      ['2048 characters counting an emoji once', urlOfLength(REDIRECT_URL_MAX_LENGTH - 1) + '😀'],
    ]),
  )('%s: %s', (_what, _shown, value) => {
    expect(checkRedirectUrl(value)).toEqual({ ok: true });
  });
});

describe('checkRedirectUrl: rejected (spec 4.1 rules 2 and 3)', () => {
  it.each(
    titled<[RegExp]>([
      ['empty string', '', /empty/],
      ['whitespace only', '   ', /absolute URL/],
      ['tab and newline only', '\t\n', /absolute URL/],
      ['javascript:', 'javascript:alert(1)', /http or https/],
      ['JavaScript: in mixed case', 'JaVaScRiPt:alert(document.cookie)', /http or https/],
      ['data:', 'data:text/html,<script>alert(1)</script>', /http or https/],
      ['ftp:', 'ftp://example.com/file', /http or https/],
      ['mailto:', 'mailto:someone@example.com', /http or https/],
      ['file:', 'file:///etc/passwd', /http or https/],
      ['ws:', 'ws://example.com/socket', /http or https/],
      ['blob:', 'blob:https://example.com/uuid', /http or https/],
      ['relative path', '/return', /absolute URL/],
      ['relative with a dot', './return?x=1', /absolute URL/],
      ['protocol-relative', '//example.com/return', /absolute URL/],
      ['backslash protocol-relative', '\\\\evil.com', /absolute URL/],
      ['bare host', 'example.com', /absolute URL/],
      ['scheme only', 'https://', /absolute URL/],
      ['user:pass@', 'https://user:pass@example.com/', /credentials/],
      ['user@', 'https://user@example.com/', /credentials/],
      [':pass@', 'https://:secret@example.com/', /credentials/],
      ['a trusted-looking user before the real host', 'https://trusted.example@evil.example/', /credentials/],
      ['raw NUL at the end', 'https://example.com/\u0000', /NUL/],
      ['raw NUL in the host', 'https://exam\u0000ple.com/', /NUL/],
      ['%00 in the path', 'https://example.com/a%00b', /NUL/],
      ['%00 in the query', 'https://example.com/?next=%00', /NUL/],
      ['%00 in the fragment', 'https://example.com/#%00', /NUL/],
      ['a lone surrogate (cannot be stored unchanged)', 'https://example.com/\uD800', /Unicode/],
      ['a lone low surrogate in the query', 'https://example.com/?q=\uDC00', /Unicode/],
      ['port out of range', 'http://example.com:99999', /absolute URL/],
      ['space inside the host', 'http://exa mple.com', /absolute URL/],
      ['IPv6 with a zone id', 'http://[fe80::1%25eth0]/', /absolute URL/],
      ['host ending in a number that is not an IPv4', 'https://a.0', /absolute URL/],
      ['2049 characters', urlOfLength(REDIRECT_URL_MAX_LENGTH + 1), /2048/],
      ['far too long', urlOfLength(100_000), /2048/],
    ]),
  )('%s: %s', (_what, _shown, value, reason) => {
    const verdict = checkRedirectUrl(value);
    expect(verdict.ok).toBe(false);
    expect(verdict.ok ? '' : verdict.reason).toMatch(reason);
  });
});

describe('checkRedirectUrl: properties', () => {
  const noCredentials = { withUserInfo: false } as const;

  it('accepts any web URL (with or without query and fragment) of at most 2048 characters without credentials or %00', () => {
    const urls = fc.oneof(
      fc.webUrl({ authoritySettings: noCredentials, withQueryParameters: true, withFragments: true }),
      fc.webUrl({ authoritySettings: noCredentials }),
    );
    fc.assert(
      fc.property(urls, (url) => {
        fc.pre(Array.from(url).length <= REDIRECT_URL_MAX_LENGTH && !/%00/.test(url));
        expect(checkRedirectUrl(url)).toEqual({ ok: true });
      }),
      { numRuns: 500 },
    );
  });

  it('accepts web URLs with IPv4 or IPv6 hosts and ports too', () => {
    const hosts = { withIPv4: true, withIPv6: true, withPort: true, withUserInfo: false } as const;
    fc.assert(
      fc.property(fc.webUrl({ authoritySettings: hosts, withQueryParameters: true, withFragments: true }), (url) => {
        fc.pre(Array.from(url).length <= REDIRECT_URL_MAX_LENGTH && !/%00/.test(url));
        expect(checkRedirectUrl(url)).toEqual({ ok: true });
      }),
      { numRuns: 300 },
    );
  });

  it('rejects any web URL that carries credentials', () => {
    fc.assert(
      fc.property(fc.webUrl(), fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.option(fc.stringMatching(/^[a-z0-9]{1,12}$/)), (url, user, pass) => {
        const withCredentials = url.replace('://', `://${user}${pass === null ? '' : `:${pass}`}@`);
        expect(checkRedirectUrl(withCredentials).ok).toBe(false);
      }),
    );
  });

  it('rejects any string containing U+0000', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (before, after) => {
        expect(checkRedirectUrl(`${before}\u0000${after}`).ok).toBe(false);
      }),
    );
  });

  it('rejects a valid URL once U+0000 is inserted anywhere in it', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.nat(), (url, at) => {
        const i = at % (url.length + 1);
        expect(checkRedirectUrl(url.slice(0, i) + '\u0000' + url.slice(i)).ok).toBe(false);
      }),
    );
  });

  it('rejects anything longer than 2048 characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: REDIRECT_URL_MAX_LENGTH + 1, maxLength: REDIRECT_URL_MAX_LENGTH + 200 }), (s) => {
        expect(checkRedirectUrl(s).ok).toBe(false);
      }),
      { numRuns: 50 },
    );
  });

  it('rejects a valid URL padded beyond 2048 characters', () => {
    fc.assert(
      fc.property(fc.webUrl(), fc.integer({ min: 1, max: 500 }), (url, extra) => {
        const padded = `${url}${url.includes('?') ? '&' : '?'}pad=${'x'.repeat(REDIRECT_URL_MAX_LENGTH + extra)}`;
        expect(checkRedirectUrl(padded)).toEqual({ ok: false, reason: expect.stringMatching(/2048/) });
      }),
      { numRuns: 50 },
    );
  });
});
