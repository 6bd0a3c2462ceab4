/**
 * Plain strings in localStorage (the seed stores `language` and `theme` as bare values). Reads
 * and writes never throw: private modes and full quotas fall back to "not stored".
 */
export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Not persisted; the in-memory value still applies for this visit.
  }
}

/** Calls back when another tab changes `key`. */
export function onStoredChange(key: string, callback: (value: string | null) => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === key || event.key === null) callback(readStored(key));
  };
  addEventListener('storage', listener);
  return () => removeEventListener('storage', listener);
}
