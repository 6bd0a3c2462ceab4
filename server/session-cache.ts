import type { UserRow } from './db/users';

export interface CachedSession {
  user: UserRow;
  tokenHash: string;
  /** When the session itself ends (ISO 8601). */
  expiresAt: string;
  checkedAt: number;
}

const FRESH_MS = 5000;
const MAX_ENTRIES = 50_000;

/**
 * Recently checked sessions, so a busy customer's every call does not repeat the same lookup.
 * Everything in this server that ends a session or changes its user (logout, password reset,
 * profile save) forgets the entries it affects at once; an entry is otherwise re-read after 5 s,
 * which bounds how long a change made outside the server (an operator editing the database)
 * takes to apply.
 */
export function createSessionCache() {
  const entries = new Map<string, CachedSession>();
  return {
    get(tokenHash: string, now: Date): CachedSession | undefined {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (now.getTime() - entry.checkedAt >= FRESH_MS || entry.expiresAt <= now.toISOString()) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry;
    },
    remember(entry: CachedSession): void {
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(entry.tokenHash, entry);
    },
    forgetToken(tokenHash: string): void {
      entries.delete(tokenHash);
    },
    forgetUser(userId: number): void {
      for (const [hash, entry] of entries) if (entry.user.id === userId) entries.delete(hash);
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
