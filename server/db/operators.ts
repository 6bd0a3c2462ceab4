import type { OperatorRole } from '../../contract/console';
import type { SqlRunner } from './database';

export interface OperatorRow {
  id: number;
  name: string;
  role: OperatorRole;
  password_hash: string;
  must_change_password: number;
  totp_secret: string;
  /** The last TOTP time step a sign-in used: a code is good once. */
  totp_last_step: number;
  status: 'active' | 'disabled';
  created_at: string;
}

export type NewOperator = Pick<OperatorRow, 'name' | 'role' | 'password_hash' | 'totp_secret' | 'created_at'>;

export interface OperatorSessionRow extends OperatorRow {
  token_hash: string;
  csrf_token: string;
  last_seen_at: string;
  expires_at: string;
}

/** Staff accounts of the console and their cookie sessions. */
export function operatorsQueries(db: SqlRunner) {
  return {
    insert: (row: NewOperator) =>
      db.insert(
        `INSERT INTO operators (name, role, password_hash, totp_secret, created_at)
         VALUES (@name, @role, @password_hash, @totp_secret, @created_at)`,
        { ...row },
      ),
    byName: (name: string) => db.get<OperatorRow>('SELECT * FROM operators WHERE name = ?', [name]),
    all: () => db.all<OperatorRow>('SELECT * FROM operators ORDER BY id'),
    count: async () => (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM operators'))?.n ?? 0,
    /** Takes a TOTP step for a sign-in; false when that step or a later one was used already. */
    useTotpStep: async (id: number, step: number) =>
      (await db.run('UPDATE operators SET totp_last_step = ? WHERE id = ? AND totp_last_step < ?', [
        step,
        id,
        step,
      ])) === 1,
    setPassword: (id: number, passwordHash: string, mustChange: boolean) =>
      db.run('UPDATE operators SET password_hash = ?, must_change_password = ? WHERE id = ?', [
        passwordHash,
        mustChange ? 1 : 0,
        id,
      ]),
    setStatus: (id: number, status: OperatorRow['status']) =>
      db.run('UPDATE operators SET status = ? WHERE id = ?', [status, id]),

    insertSession: (row: {
      token_hash: string;
      operator_id: number;
      csrf_token: string;
      created_at: string;
      expires_at: string;
    }) =>
      db.run(
        `INSERT INTO operator_sessions (token_hash, operator_id, csrf_token, created_at, last_seen_at, expires_at)
         VALUES (@token_hash, @operator_id, @csrf_token, @created_at, @created_at, @expires_at)`,
        { ...row },
      ),
    /** A session still open: not revoked, not past its end, used within the idle window, its operator active. */
    activeSession: (tokenHash: string, now: string, idleSince: string) =>
      db.get<OperatorSessionRow>(
        `SELECT operators.*, operator_sessions.token_hash, operator_sessions.csrf_token,
                operator_sessions.last_seen_at, operator_sessions.expires_at
         FROM operator_sessions JOIN operators ON operators.id = operator_sessions.operator_id
         WHERE operator_sessions.token_hash = ? AND operator_sessions.revoked_at IS NULL
           AND operator_sessions.expires_at > ? AND operator_sessions.last_seen_at > ?
           AND operators.status = 'active'`,
        [tokenHash, now, idleSince],
      ),
    touchSession: (tokenHash: string, now: string) =>
      db.run('UPDATE operator_sessions SET last_seen_at = ? WHERE token_hash = ? AND last_seen_at < ?', [
        now,
        tokenHash,
        now,
      ]),
    revokeSession: (tokenHash: string, now: string) =>
      db.run('UPDATE operator_sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL', [
        now,
        tokenHash,
      ]),
    /** Ends every session of the operator but `keptTokenHash`; the hashes of those it ended. */
    revokeOtherSessionsOf: async (operatorId: number, keptTokenHash: string, now: string) =>
      (
        await db.all<{ token_hash: string }>(
          `UPDATE operator_sessions SET revoked_at = ?
           WHERE operator_id = ? AND token_hash <> ? AND revoked_at IS NULL RETURNING token_hash`,
          [now, operatorId, keptTokenHash],
        )
      ).map((row) => row.token_hash),
    revokeSessionsOf: (operatorId: number, now: string) =>
      db.run('UPDATE operator_sessions SET revoked_at = ? WHERE operator_id = ? AND revoked_at IS NULL', [
        now,
        operatorId,
      ]),
    purgeExpiredSessions: (now: string) => db.run('DELETE FROM operator_sessions WHERE expires_at <= ?', [now]),

    /** Records an operator's approval of a withdrawal that needs two; false if they gave one already. */
    addApproval: async (withdrawId: number, actor: string, at: string) =>
      (await db.run(
        `INSERT INTO withdraw_approvals (withdraw_id, actor, created_at) VALUES (?, ?, ?)
         ON CONFLICT (withdraw_id, actor) DO NOTHING`,
        [withdrawId, actor, at],
      )) === 1,
    approvalsOf: (withdrawId: number) =>
      db.all<{ actor: string; created_at: string }>(
        'SELECT actor, created_at FROM withdraw_approvals WHERE withdraw_id = ? ORDER BY created_at, actor',
        [withdrawId],
      ),
    /** Approvals of every withdrawal still in review, for the queue. */
    openApprovals: () =>
      db.all<{ withdraw_id: number; actor: string }>(
        `SELECT withdraw_approvals.withdraw_id, withdraw_approvals.actor FROM withdraw_approvals
         JOIN withdrawals ON withdrawals.id = withdraw_approvals.withdraw_id
         WHERE withdrawals.state = 'audit' ORDER BY withdraw_approvals.created_at`,
      ),
  };
}
