import { describe, expect, it } from 'vitest';
import lingui from '../lingui.config';
import { WIRE_LANGUAGES } from './rules';
import { LANGUAGES, detectDeviceLanguage, languageByWire, matchDeviceLocale } from './languages';

describe('languages', () => {
  it("lists every wire language in the contract's order, and every Lingui locale of both apps", () => {
    expect(LANGUAGES.map((language) => language.wire)).toEqual([...WIRE_LANGUAGES]);
    expect(LANGUAGES.map((language) => language.locale)).toEqual(lingui.locales);
  });

  it.each([
    ['en-US', 'en'],
    ['de-AT', 'de'],
    ['es-419', 'es'],
    ['fr-CA', 'fr'],
    ['pt-BR', 'pt'],
    ['ja-JP', 'ja'],
    ['zh-CN', 'zh-Hans'],
    ['zh-SG', 'zh-Hans'],
    ['zh', 'zh-Hans'],
    ['zh-Hans-CN', 'zh-Hans'],
    ['zh-TW', 'zh-Hant'],
    ['zh-HK', 'zh-Hant'],
    ['zh-Hant', 'zh-Hant'],
    ['ZH-mo', 'zh-Hant'],
  ])('maps the device tag %s to %s', (tag, locale) => {
    expect(matchDeviceLocale(tag)?.locale).toBe(locale);
  });

  it('takes the first supported preference and falls back to English', () => {
    expect(detectDeviceLanguage(['ko-KR', 'fr-FR', 'de']).locale).toBe('fr');
    expect(detectDeviceLanguage(['ko-KR', 'ru']).locale).toBe('en');
    expect(detectDeviceLanguage([]).locale).toBe('en');
  });

  it('finds a language by its wire code only', () => {
    expect(languageByWire('xby')?.locale).toBe('es');
    expect(languageByWire('es')).toBeUndefined();
    expect(languageByWire(null)).toBeUndefined();
  });
});
