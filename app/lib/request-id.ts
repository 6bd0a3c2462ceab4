import { useMemo } from 'react';

/** 128 random bits, hex: names one submission so the server acts on it at most once. */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One id per submission: the same while the form holds the same values (so a retry after a lost
 * answer acts once), a fresh one as soon as anything changes.
 */
export function useRequestId(values: readonly unknown[]): string {
  const key = JSON.stringify(values);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the id must change exactly when the values do
  return useMemo(() => newRequestId(), [key]);
}
