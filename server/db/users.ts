import type { Db } from './database';

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

export function usersQueries(db: Db) {
  const byId = db.prepare<[number], UserRow>('SELECT * FROM users WHERE id = ?');
  const byAccount = db.prepare<[string], UserRow>('SELECT * FROM users WHERE account = ?');
  const byLogin = db.prepare<[string, string], UserRow>('SELECT * FROM users WHERE account = ? OR email = ? LIMIT 1');
  const byEmail = db.prepare<[string], UserRow>('SELECT * FROM users WHERE email = ?');
  const byInviteCode = db.prepare<[string], UserRow>('SELECT * FROM users WHERE invite_code = ?');
  const codeInUse = db.prepare<[string, string], { found: 1 }>(
    'SELECT 1 AS found FROM users WHERE invite_code = ? OR transfer_code = ? LIMIT 1',
  );
  const insert = db.prepare<NewUser>(`
    INSERT INTO users (account, email, password_hash, nickname, invite_code, transfer_code, inviter_id, created_at)
    VALUES (@account, @email, @password_hash, @nickname, @invite_code, @transfer_code, @inviter_id, @created_at)
  `);
  const updateProfile = db.prepare<{ id: number; nickname: string; avatar: string }>(
    'UPDATE users SET nickname = @nickname, avatar = @avatar WHERE id = @id',
  );
  const updatePassword = db.prepare<{ id: number; password_hash: string }>(
    'UPDATE users SET password_hash = @password_hash WHERE id = @id',
  );
  const count = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM users');

  return {
    byId: (id: number) => byId.get(id),
    byAccount: (account: string) => byAccount.get(account),
    /** By account name or e-mail, case-insensitively. */
    byLogin: (login: string) => byLogin.get(login, login),
    byEmail: (email: string) => byEmail.get(email),
    byInviteCode: (code: string) => byInviteCode.get(code),
    isCodeInUse: (code: string) => codeInUse.get(code, code) !== undefined,
    insert: (user: NewUser) => Number(insert.run(user).lastInsertRowid),
    updateProfile: (id: number, nickname: string, avatar: string) => updateProfile.run({ id, nickname, avatar }),
    updatePassword: (id: number, passwordHash: string) => updatePassword.run({ id, password_hash: passwordHash }),
    count: () => count.get()?.n ?? 0,
  };
}
