import type { SqlRunner } from '../platform/database/sql';

export type SignInOutcome = 'success' | 'failure';
export type SignInMethod = 'password' | 'passkey' | 'register';

export interface SignInRow {
  id: number;
  user_id: number;
  at: string;
  outcome: SignInOutcome;
  method: SignInMethod;
  ip: string;
  user_agent: string;
  /** A digest that tells this device from others (see server/auth/devices.ts). */
  device: string;
}

/** Sign-ins and failed attempts on an account, for its owner's security centre. */
export function signInsQueries(db: SqlRunner) {
  return {
    insert: (row: Omit<SignInRow, 'id'>) =>
      db.insert(
        `INSERT INTO sign_ins (user_id, at, outcome, method, ip, user_agent, device)
         VALUES (@user_id, @at, @outcome, @method, @ip, @user_agent, @device)`,
        { ...row },
      ),
    latestOf: (userId: number, limit: number) =>
      db.all<SignInRow>('SELECT * FROM sign_ins WHERE user_id = ? ORDER BY id DESC LIMIT ?', [userId, limit]),
    pruneBefore: (before: string) => db.run('DELETE FROM sign_ins WHERE at < ?', [before]),
  };
}

declare module '../platform/database/queries' {
  interface Queries {
    readonly signIns: ReturnType<typeof signInsQueries>;
  }
}
