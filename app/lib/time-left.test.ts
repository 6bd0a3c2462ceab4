import { describe, expect, it } from 'vitest';
import { minutesLeft } from './time-left';

describe('minutesLeft', () => {
  const until = '2026-11-28T10:00:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('counts whole minutes, rounding up, so a reservation reads held until its very end', () => {
    expect(minutesLeft(until, at('2026-11-28T09:00:00.000Z'))).toBe(60);
    expect(minutesLeft(until, at('2026-11-28T09:00:00.001Z'))).toBe(60);
    expect(minutesLeft(until, at('2026-11-28T09:59:00.000Z'))).toBe(1);
    expect(minutesLeft(until, at('2026-11-28T09:59:59.999Z'))).toBe(1);
  });

  it('is nought from the moment it ends, and after', () => {
    expect(minutesLeft(until, at(until))).toBe(0);
    expect(minutesLeft(until, at('2026-11-29T10:00:00.000Z'))).toBe(0);
  });
});
