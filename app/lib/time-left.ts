import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

/** Whole minutes until `until` (ISO 8601), rounded up, so the last minute reads 1 until it is over; 0 after. */
export function minutesLeft(until: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(until) - now) / MINUTE_MS));
}

/** minutesLeft of now, kept up to date: it wakes when the figure next changes. */
export function useMinutesLeft(until: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const left = Date.parse(until) - now;
    if (left <= 0) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), (left % MINUTE_MS || MINUTE_MS) + 1);
    return () => clearTimeout(timer);
  }, [until, now]);
  return minutesLeft(until, now);
}
