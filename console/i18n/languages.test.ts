import { describe, expect, it } from 'vitest';
import { WIRE_LANGUAGES } from '../../contract/rules';
import lingui from '../../lingui.config';
import { LANGUAGES, browserLanguage } from './languages';

describe("the console's languages", () => {
  it('are every wire language, in the contract order, and every Lingui locale', () => {
    expect(LANGUAGES.map((language) => language.wire)).toEqual([...WIRE_LANGUAGES]);
    expect(LANGUAGES.map((language) => language.locale)).toEqual(lingui.locales);
  });

  it("follow the browser's preference, else English", () => {
    expect(browserLanguage(['fr-CA', 'en']).locale).toBe('fr');
    expect(browserLanguage(['zh-TW']).locale).toBe('zh-Hant');
    expect(browserLanguage(['zh-CN']).locale).toBe('zh-Hans');
    expect(browserLanguage(['nl', 'ko']).locale).toBe('en');
  });
});
