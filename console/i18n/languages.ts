import type { WireLanguage } from '../../contract/rules';

export type Locale = 'en' | 'de' | 'es' | 'fr' | 'pt' | 'ja' | 'zh-Hans' | 'zh-Hant';

export interface Language {
  locale: Locale;
  /** What the server takes as `lang`, and answers its messages in. */
  wire: WireLanguage;
  /** The language's name in itself, as the picker lists it. */
  name: string;
}

/**
 * The console's languages: the customer app's eight, with the same wire codes. The table is the
 * console's own (it imports nothing from app/); languages.test.ts holds it to contract/rules.ts.
 */
export const LANGUAGES: readonly Language[] = [
  { locale: 'en', wire: 'en', name: 'English' },
  { locale: 'de', wire: 'de', name: 'Deutsch' },
  { locale: 'es', wire: 'xby', name: 'Español' },
  { locale: 'fr', wire: 'fayu', name: 'Français' },
  { locale: 'pt', wire: 'pty', name: 'Português' },
  { locale: 'ja', wire: 'ja', name: '日本語' },
  { locale: 'zh-Hans', wire: 'zh-Hans', name: '简体中文' },
  { locale: 'zh-Hant', wire: 'zh-Hant', name: '繁體中文' },
];

export const ENGLISH: Language = { locale: 'en', wire: 'en', name: 'English' };

export function languageByLocale(locale: string | null | undefined): Language | undefined {
  return LANGUAGES.find((language) => language.locale === locale);
}

/** The first of the browser's preferred languages the console speaks, else English. */
export function browserLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh')) {
      return languageByLocale(/^zh-(hant|tw|hk|mo)\b/.test(lower) ? 'zh-Hant' : 'zh-Hans') ?? ENGLISH;
    }
    const match = LANGUAGES.find((language) => language.locale === lower.split('-')[0]);
    if (match) return match;
  }
  return ENGLISH;
}
