import { describe, expect, it } from 'vitest';
import { formatAge, formatDateTime, formatList } from './format';

describe('formatAge', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  it('says minutes within the hour, hours within two days, days after', () => {
    expect(formatAge('2026-03-01T11:59:30Z', now, 'en')).toBe('this minute');
    expect(formatAge('2026-03-01T11:48:00Z', now, 'en')).toBe('12 minutes ago');
    expect(formatAge('2026-03-01T09:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(formatAge('2026-02-26T12:00:00Z', now, 'en')).toBe('3 days ago');
  });
  it('never says "in …" when the clocks disagree a little', () => {
    expect(formatAge('2026-03-01T12:00:05Z', now, 'en')).toBe('this minute');
  });
  it('shows nothing for a time it cannot read', () => {
    expect(formatAge('not a time', now, 'en')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('shows what it cannot read as it came', () => {
    expect(formatDateTime('not a time', 'en')).toBe('not a time');
  });
});

describe('formatList', () => {
  it('joins names the way the language does', () => {
    expect(formatList(['alice'], 'en')).toBe('alice');
    expect(formatList(['alice', 'bob', 'carol'], 'en')).toBe('alice, bob, and carol');
    expect(formatList(['alice', 'bob'], 'de')).toBe('alice und bob');
  });
});
