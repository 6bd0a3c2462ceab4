import { useEffect, useState } from 'react';

/** The current time, renewed every `intervalMs`: ages on screen ("12 minutes ago") keep up. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
