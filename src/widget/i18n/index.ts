import { en, type Catalog } from './en';
import { es } from './es';
import { pt } from './pt';
import { ru } from './ru';
import { tr } from './tr';

export type { Catalog };
export type MessageKey = keyof Catalog;

export const CATALOGS: Readonly<Record<string, Catalog>> = { en, es, pt, ru, tr };

/**
 * The catalog for a session's `lang` (a BCP 47 tag such as "pt-BR" or "es"): its primary language, else English.
 * Returns the tag to use with Intl as well, so amounts follow the same language as the words.
 */
export function pickLanguage(lang: string | null | undefined): { lang: string; catalog: Catalog } {
  const primary = (lang ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const catalog = Object.hasOwn(CATALOGS, primary) ? CATALOGS[primary] : undefined;
  return catalog ? { lang: primary, catalog } : { lang: 'en', catalog: en };
}

