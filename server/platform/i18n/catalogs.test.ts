import { describe, expect, it } from 'vitest';
import { WIRE_LANGUAGES } from '../../../contract/rules';
import { en, type MessageKey } from './en';
import { catalogFor, translate } from './index';

const keys = Object.keys(en) as MessageKey[];
const placeholders = (text: string) => [...text.matchAll(/\{\w+\}/g)].map((match) => match[0]).sort();

describe('server messages', () => {
  it.each(WIRE_LANGUAGES.filter((lang) => lang !== 'en'))('are fully translated into %s', (lang) => {
    const catalog = catalogFor(lang);
    for (const key of keys) {
      const text = catalog[key];
      expect(text, `${lang}.${key}`).toBeTruthy();
      expect(text, `${lang}.${key} is still English`).not.toBe(en[key]);
      expect(placeholders(text), `${lang}.${key} placeholders`).toEqual(placeholders(en[key]));
    }
  });

  it('fills parameters in every language', () => {
    expect(translate('en', 'too_many_requests', { seconds: 42 })).toBe('Too many attempts. Please try again in 42 s');
    expect(translate('zh-Hans', 'too_many_requests', { seconds: 42 })).toContain('42');
  });
});
