import type { SqlRunner } from '../platform/database/sql';

/** The devices each account has signed in from; never swept, unlike the sign-in history. */
export function knownDevicesQueries(db: SqlRunner) {
  return {
    /** Records a sign-in from `device`; true when the account had not signed in from it before. */
    record: async (userId: number, device: string, at: string) => {
      const added = await db.run(
        `INSERT INTO known_devices (user_id, device, first_seen_at, last_seen_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (user_id, device) DO NOTHING`,
        [userId, device, at, at],
      );
      if (added === 1) return true;
      await db.run('UPDATE known_devices SET last_seen_at = ? WHERE user_id = ? AND device = ?', [at, userId, device]);
      return false;
    },
    knows: async (userId: number, device: string) =>
      (await db.get('SELECT 1 AS found FROM known_devices WHERE user_id = ? AND device = ?', [userId, device])) !==
      undefined,
  };
}

declare module '../platform/database/queries' {
  interface Queries {
    readonly knownDevices: ReturnType<typeof knownDevicesQueries>;
  }
}
