import { describe, expect, it } from 'vitest';
import {
  isCnMobile,
  isEmail,
  isPlainText,
  isSafeContactUrl,
  isStrongEnoughPassword,
  isVisibleText,
  normaliseNickname,
} from './rules';

describe('isEmail', () => {
  it.each(['a@b.co', 'first.last+tag@example.com', 'user@mail.example.org', '名前@例え.jp'])('accepts %j', (value) =>
    expect(isEmail(value)).toBe(true),
  );
  it.each([
    '',
    'plain',
    '@example.com',
    'a@',
    'a@b',
    'a@b.',
    'a@.com',
    'a b@c.com',
    'a@b c.com',
    'a@@b.com',
    `${'x'.repeat(65)}@example.com`,
    `a@${'d'.repeat(250)}.com`,
    'a\u0000b@example.com',
    'a\u202eb@example.com',
    'a\u001b[31m@example.com',
    'a\u0008@example.com',
    'a\u200b@example.com',
    'a\u3164@example.com',
    'a@exa\u00admple.com',
  ])('refuses %j', (value) => expect(isEmail(value)).toBe(false));
});

describe('isCnMobile', () => {
  it.each(['13800138000', '19912345678', '15012345678'])('accepts %j', (value) => expect(isCnMobile(value)).toBe(true));
  it.each(['', '12800138000', '1380013800', '138001380000', '+8613800138000', '1380013800a', ' 13800138000'])(
    'refuses %j',
    (value) => expect(isCnMobile(value)).toBe(false),
  );
});

describe('isStrongEnoughPassword', () => {
  it.each(['abcdefg1', 'A1234567', `a${'1'.repeat(63)}`])('accepts %j', (value) =>
    expect(isStrongEnoughPassword(value)).toBe(true),
  );
  it.each(['abc1', 'abcdefgh', '12345678', `a${'1'.repeat(64)}`, ''])('refuses %j', (value) =>
    expect(isStrongEnoughPassword(value)).toBe(false),
  );
});

describe('isPlainText', () => {
  it('accepts letters of any script and refuses control and format characters', () => {
    expect(isPlainText('Zoë Müller-Łukasz 王小明 محمد')).toBe(true);
    for (const bad of [
      'a\u0000b',
      'a\nb',
      'a\rb',
      'a\tb',
      'a\u001b[2Jb',
      'a\u0008b',
      'a\u009bb',
      'a\u202eb',
      'a\u200bb',
      'a\u2028b',
      'a\u2029b',
      'a\uffffb',
      'a\ufffdb',
      'a\ufdd0b',
      'a\ud800b',
      'a\udc00',
    ]) {
      expect(isPlainText(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('isVisibleText', () => {
  it.each(['Zoë', 'Nguyễn Thị', 'ภาษาไทย', 'हिन्दी', '❤️', '😀', 'a\u0301\u0302\u0303'])('accepts %j', (value) =>
    expect(isVisibleText(value)).toBe(true),
  );
  it.each([
    '\u3164',
    '\u3164\u3164',
    '\u2800',
    '\u115f\u1160',
    '\uffa0',
    ' \u00a0\u3000',
    '\u0301\u0302',
    `a${'\u0301'.repeat(19)}`,
    'a\u0301\u0302\u0303\u0304',
    'a\u0000',
  ])('refuses %j', (value) => expect(isVisibleText(value)).toBe(false));
});

describe('normaliseNickname', () => {
  it('trims and keeps printable text up to 20 characters', () => {
    expect(normaliseNickname('  Alice  ')).toBe('Alice');
    expect(normaliseNickname('小明')).toBe('小明');
    expect(normaliseNickname('😀'.repeat(20))).toBe('😀'.repeat(20));
  });
  it.each(['', '   ', 'x'.repeat(21), 'a\u0000b', 'a\nb', 'a\u202eb', '\u3164', '\u2800', '\uffff', '\ud800'])(
    'refuses %j',
    (value) => expect(normaliseNickname(value)).toBeNull(),
  );
});

describe('isSafeContactUrl', () => {
  it.each(['https://t.me/example_support', 'https://wa.me/10000000000', 'mailto:support@example.com'])(
    'accepts %j',
    (value) => expect(isSafeContactUrl(value)).toBe(true),
  );
  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://t.me/plain',
    'mailto:nobody',
    'tg://resolve?domain=x',
    '//evil.example',
    'not a url',
    '',
  ])('refuses %j', (value) => expect(isSafeContactUrl(value)).toBe(false));
});
