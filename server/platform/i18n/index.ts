import { isWireLanguage, type WireLanguage } from '../../../contract/rules';
import { de } from './de';
import { en, type MessageKey, type Messages } from './en';
import { es } from './es';
import { fr } from './fr';
import { ja } from './ja';
import { pt } from './pt';
import { zhHans } from './zh-hans';
import { zhHant } from './zh-hant';

export type { MessageKey } from './en';

const catalogs: Record<WireLanguage, Messages> = {
  en,
  de,
  xby: es,
  fayu: fr,
  pty: pt,
  ja,
  'zh-Hans': zhHans,
  'zh-Hant': zhHant,
};

export type MessageParams = Record<string, string | number>;

/** The wire language of a request, English when absent or unknown. */
export function languageOf(value: unknown): WireLanguage {
  return isWireLanguage(value) ? value : 'en';
}

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(en, value);
}

export function translate(lang: WireLanguage, key: MessageKey, params?: MessageParams): string {
  const template = catalogs[lang][key] || en[key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

export function catalogFor(lang: WireLanguage): Messages {
  return catalogs[lang];
}

/** A time as server texts write it, the same in every language: "2026-03-14 09:30 UTC". */
export function utcMinute(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
