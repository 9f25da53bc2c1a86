import { CATALOGS, pickLanguage } from '../../src/widget/i18n';
import { en } from '../../src/widget/i18n/en';
import { format } from '../../src/widget/i18n/format';
import { formatFiat } from '../../src/widget/render';

describe('widget languages', () => {
  it('When a catalog is not English, Then it has exactly the English keys, every one a non-empty string with the same placeholders', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [lang, catalog] of Object.entries(CATALOGS)) {
      expect([lang, Object.keys(catalog).sort()]).toEqual([lang, Object.keys(en).sort()]);
      for (const [key, value] of Object.entries(catalog)) {
        expect([lang, key, value.trim().length > 0]).toEqual([lang, key, true]);
        expect([lang, key, placeholders(value)]).toEqual([lang, key, placeholders(en[key as keyof typeof en])]);
      }
    }
    expect(Object.keys(CATALOGS).sort()).toEqual(['en', 'es', 'pt', 'ru', 'tr']);
  });

  it.each([
    ['es', 'es'],
    ['pt-BR', 'pt'],
    ['RU', 'ru'],
    ['tr_TR', 'tr'],
    ['de', 'en'],
    ['', 'en'],
    ['constructor', 'en'],
    [null, 'en'],
  ])('When the session language is %p, Then the page uses %p', (lang, expected) => {
    const picked = pickLanguage(lang);
    expect(picked.lang).toBe(expected);
    expect(picked.catalog).toBe(CATALOGS[expected]);
  });

  it('When a template is filled, Then known placeholders are replaced and unknown ones stay visible', () => {
    expect(format('{n} of {m} ({x})', { n: 1, m: 3 })).toBe('1 of 3 ({x})');
  });

  it('When a fiat amount is shown, Then Intl formats the exact decimal string in the language, and an unknown currency code still shows', () => {
    expect(formatFiat('en', 'EUR', '1234.50')).toBe('€1,234.50');
    expect(formatFiat('es', 'EUR', '1234.50')).toMatch(/^1\.?234,50\s€$/);
    expect(formatFiat('en', 'USD', '90071992547409.99')).toBe('$90,071,992,547,409.99');
    expect(formatFiat('en', 'E1R', '5.00')).toBe('5.00 E1R');
  });
});
