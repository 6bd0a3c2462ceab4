import type { SqlRunner } from './database';

export type UserStatus = 'active' | 'locked' | 'disabled';

export interface UserRow {
  id: number;
  account: string;
  email: string;
  password_hash: string;
  nickname: string;
  avatar: string;
  invite_code: string;
  transfer_code: string;
  inviter_id: number | null;
  vip: number;
  balance: number;
  status: UserStatus;
  created_at: string;
  /** The phrase at the top of every e-mail to this customer; shown to nobody else. */
  anti_phishing: string;
}

export interface NewUser {
  account: string;
  email: string;
  password_hash: string;
  nickname: string;
  invite_code: string;
  transfer_code: string;
  inviter_id: number | null;
  created_at: string;
}

export function usersQueries(db: SqlRunner) {
  return {
    byId: (id: number) => db.get<UserRow>('SELECT * FROM users WHERE id = ?', [id]),
    byAccount: (account: string) => db.get<UserRow>('SELECT * FROM users WHERE account = ?', [account]),
    /** By account name or e-mail, case-insensitively. */
    byLogin: (login: string) =>
      db.get<UserRow>('SELECT * FROM users WHERE account = ? OR email = ? LIMIT 1', [login, login]),
    byEmail: (email: string) => db.get<UserRow>('SELECT * FROM users WHERE email = ?', [email]),
    byInviteCode: (code: string) => db.get<UserRow>('SELECT * FROM users WHERE invite_code = ?', [code]),
    isCodeInUse: async (code: string) =>
      (await db.get('SELECT 1 AS found FROM users WHERE invite_code = ? OR transfer_code = ? LIMIT 1', [
        code,
        code,
      ])) !== undefined,
    insert: (user: NewUser) =>
      db.insert(
        `INSERT INTO users (account, email, password_hash, nickname, invite_code, transfer_code, inviter_id, created_at)
         VALUES (@account, @email, @password_hash, @nickname, @invite_code, @transfer_code, @inviter_id, @created_at)`,
        { ...user },
      ),
    /** The avatar changes only when one is given: a nickname save never writes back an older one. */
    updateProfile: (id: number, nickname: string, avatar: string | undefined) =>
      db.run('UPDATE users SET nickname = @nickname, avatar = COALESCE(@avatar, avatar) WHERE id = @id', {
        id,
        nickname,
        avatar: avatar ?? null,
      }),
    setVip: (id: number, level: number) => db.run('UPDATE users SET vip = ? WHERE id = ?', [level, id]),
    setStatus: (id: number, status: UserStatus) => db.run('UPDATE users SET status = ? WHERE id = ?', [status, id]),
    setAntiPhishing: (id: number, phrase: string) =>
      db.run('UPDATE users SET anti_phishing = ? WHERE id = ?', [phrase, id]),
    /**
     * Customers whose account or e-mail begins with `prefix` (lower case), oldest first. By
     * `lower(substr(…))`, which both engines compare alike; PostgreSQL's LIKE refuses the
     * case-insensitive collation these columns have.
     */
    search: (prefix: string, limit: number) =>
      db.all<UserRow>(
        `SELECT * FROM users
         WHERE lower(substr(account, 1, @length)) = @prefix OR lower(substr(email, 1, @length)) = @prefix
         ORDER BY id LIMIT @limit`,
        { prefix, length: [...prefix].length, limit },
      ),
    updatePassword: (id: number, passwordHash: string) =>
      db.run('UPDATE users SET password_hash = ? WHERE id = ?', [passwordHash, id]),
    count: async () => (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM users'))?.n ?? 0,
  };
}
