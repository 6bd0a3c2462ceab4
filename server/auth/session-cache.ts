import type { UserRow } from '../customers/queries';

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
 *
 * Entries are keyed by the token as the caller sent it, so a cached call skips hashing it; the
 * tokens live here no longer than they would in the requests that carry them, and only the hash
 * is ever stored in the database.
 */
export function createSessionCache() {
  const entries = new Map<string, CachedSession>();
  return {
    get(token: string, now: Date): CachedSession | undefined {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (now.getTime() - entry.checkedAt >= FRESH_MS || entry.expiresAt <= now.toISOString()) {
        entries.delete(token);
        return undefined;
      }
      return entry;
    },
    remember(token: string, entry: CachedSession): void {
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(token, entry);
    },
    forgetToken(tokenHash: string): void {
      for (const [token, entry] of entries) if (entry.tokenHash === tokenHash) entries.delete(token);
    },
    forgetUser(userId: number): void {
      for (const [token, entry] of entries) if (entry.user.id === userId) entries.delete(token);
    },
    /** Every session is read from the database again: an ending may have gone unheard. */
    forgetAll(): void {
      entries.clear();
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;

declare module '../platform/context' {
  interface ServerContext {
    /** Signed-in sessions, looked up in the database once every few seconds at most. */
    sessions: SessionCache;
  }
}
