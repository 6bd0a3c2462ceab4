import type { Db } from './database/sql';

/** However still the database, a kept answer is read again after this long. */
const FRESH_MS = 1000;
const MAX_ANSWERS = 100;

/**
 * Answers that are the same for every caller and read far more often than they change (the
 * hall's pages, the review queue every open console reads again on each change), kept while the
 * database is exactly as it was when they were read: any commit, by this server or by the
 * operator CLI on the same file, ends them (`Db.commitVersion`). The second's bound is a guard,
 * not what keeps them right. Where the database cannot tell (PostgreSQL: other nodes commit
 * unseen), nothing is kept and every caller reads.
 */
export function createAnswerCache<T>(db: Pick<Db, 'commitVersion'>, now: () => Date) {
  const answers = new Map<string, { at: number; version: string; answer: T }>();
  return {
    async through(key: string, read: () => Promise<T>): Promise<T> {
      const version = db.commitVersion?.();
      if (version === undefined) return read();
      const at = now().getTime();
      const kept = answers.get(key);
      if (kept && kept.version === version && at - kept.at < FRESH_MS) return kept.answer;
      const answer = await read();
      if (answers.size >= MAX_ANSWERS) answers.clear();
      answers.set(key, { at, version, answer });
      return answer;
    },
  };
}
