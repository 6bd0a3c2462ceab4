import { identityKey } from '../platform/database/identity-keys';
import type { SqlRunner } from '../platform/database/sql';
import { teamQueries } from '../team/queries';

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
  /** Held while the customer's sales and withdrawals wait for review (a running total). */
  frozen: number;
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
    /**
     * A customer as the console's page shows them: with the account of whoever invited them (null
     * for the root of the tree) and their team's counts, kept on their row as running totals.
     */
    withInviter: (id: number) =>
      db.get<UserRow & { inviter_account: string | null; direct_count: number; indirect_count: number }>(
        `SELECT users.*, inviters.account AS inviter_account
         FROM users LEFT JOIN users AS inviters ON inviters.id = users.inviter_id
         WHERE users.id = ?`,
        [id],
      ),
    /** By account name, compared by its identity key (server/platform/database/identity-keys.ts). */
    byAccount: (account: string) =>
      db.get<UserRow>('SELECT * FROM users WHERE account_key = ?', [identityKey(account)]),
    /** By account name or e-mail, each compared by its identity key. */
    byLogin: (login: string) =>
      db.get<UserRow>('SELECT * FROM users WHERE account_key = @key OR email_key = @key LIMIT 1', {
        key: identityKey(login),
      }),
    byEmail: (email: string) => db.get<UserRow>('SELECT * FROM users WHERE email_key = ?', [identityKey(email)]),
    byInviteCode: (code: string) => db.get<UserRow>('SELECT * FROM users WHERE invite_code = ?', [code]),
    isCodeInUse: async (code: string) =>
      (await db.get('SELECT 1 AS found FROM users WHERE invite_code = ? OR transfer_code = ? LIMIT 1', [
        code,
        code,
      ])) !== undefined,
    /** A new customer, in their inviters' teams at once (run it inside a transaction). */
    insert: async (user: NewUser) => {
      const id = await db.insert(
        `INSERT INTO users (account, account_key, email, email_key, password_hash, nickname, invite_code,
                            transfer_code, inviter_id, created_at)
         VALUES (@account, @account_key, @email, @email_key, @password_hash, @nickname, @invite_code,
                 @transfer_code, @inviter_id, @created_at)`,
        { ...user, account_key: identityKey(user.account), email_key: identityKey(user.email) },
      );
      await teamQueries(db).join(id);
      return id;
    },
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
     * Customers whose account or e-mail begins with `prefix` (compared by identity keys), by
     * account name. A prefix is a range of the keys, which both engines compare byte by byte, so
     * each key's unique index reads its range in order and stops after `limit`.
     */
    search: async (prefix: string, limit: number) => {
      const key = identityKey(prefix);
      const range = { key, past: `${key}\u{10FFFF}`, limit };
      const [byAccount, byEmail] = await Promise.all([
        db.all<UserRow>(
          'SELECT * FROM users WHERE account_key >= @key AND account_key < @past ORDER BY account_key LIMIT @limit',
          range,
        ),
        db.all<UserRow>(
          'SELECT * FROM users WHERE email_key >= @key AND email_key < @past ORDER BY email_key LIMIT @limit',
          range,
        ),
      ]);
      const found = new Map([...byAccount, ...byEmail].map((user) => [user.id, user]));
      const keyOf = (user: UserRow) => identityKey(user.account);
      return [...found.values()]
        .sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0))
        .slice(0, limit);
    },
    updatePassword: (id: number, passwordHash: string) =>
      db.run('UPDATE users SET password_hash = ? WHERE id = ?', [passwordHash, id]),
    /** Whether anyone has signed up yet. */
    any: async () => (await db.get('SELECT 1 AS found FROM users LIMIT 1')) !== undefined,
  };
}

declare module '../platform/database/queries' {
  interface Queries {
    readonly users: ReturnType<typeof usersQueries>;
  }
}
