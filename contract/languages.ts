import type { WireLanguage } from './rules';

/**
 * The languages the customer app and the console speak: Lingui's locale, the wire code the
 * server takes as `lang` (and answers in), and the language's name in itself. One table for both
 * apps, which may not import each other; nothing here loads zod.
 */
export type Locale = 'en' | 'de' | 'es' | 'fr' | 'pt' | 'ja' | 'zh-Hans' | 'zh-Hant';

export interface Language {
  locale: Locale;
  wire: WireLanguage;
  /** The language's name in itself, as the pickers list it. */
  name: string;
}

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

export const DEFAULT_LANGUAGE: Language = { locale: 'en', wire: 'en', name: 'English' };

export function languageByWire(wire: string | null | undefined): Language | undefined {
  return LANGUAGES.find((language) => language.wire === wire);
}

/** The language of a stored or chosen locale; undefined for one we do not speak. */
export function languageByLocale(locale: string | null | undefined): Language | undefined {
  return LANGUAGES.find((language) => language.locale === locale);
}

const TRADITIONAL_REGIONS = /^zh-(hant|tw|hk|mo)\b/i;

/** Maps one BCP 47 tag from the device onto our languages, or undefined when none fits. */
export function matchDeviceLocale(tag: string): Language | undefined {
  const lower = tag.toLowerCase();
  if (lower.startsWith('zh')) return languageByLocale(TRADITIONAL_REGIONS.test(lower) ? 'zh-Hant' : 'zh-Hans');
  const base = lower.split('-')[0];
  return LANGUAGES.find((language) => language.locale === base);
}

/** The first of the device's preferred languages we speak, else English. */
export function detectDeviceLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const match = matchDeviceLocale(tag);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}
