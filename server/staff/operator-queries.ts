import type { OperatorRole } from '../../contract/console';
import type { WireLanguage } from '../../contract/rules';
import { identityKey } from '../platform/database/identity-keys';
import type { SqlRunner } from '../platform/database/sql';

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
  /** When the operator set their own password and authenticator; null until then (no sign-in). */
  enrolled_at: string | null;
  /** Where their enrolment link and (for admins) the four-eyes notices go; null on accounts from before it was asked. */
  email: string | null;
  /** The console language they last used: the language of the mails to them. */
  lang: WireLanguage;
  /** When an administrator (or, for the first one, the set-up) confirmed that their approvals count. */
  confirmed_at: string | null;
  confirmed_by: string | null;
}

export type NewOperator = Pick<
  OperatorRow,
  | 'name'
  | 'role'
  | 'password_hash'
  | 'must_change_password'
  | 'totp_secret'
  | 'created_at'
  | 'enrolled_at'
  | 'email'
  | 'lang'
  | 'confirmed_at'
  | 'confirmed_by'
>;

/** What four eyes asks of an operator: who they are, whether they are open, since when they count. */
export type OperatorStanding = Pick<
  OperatorRow,
  'id' | 'name' | 'role' | 'status' | 'email' | 'lang' | 'enrolled_at' | 'confirmed_at'
> & {
  /** Who added the account (an operator's name, or `operator:<user>` for the CLI); '' for the first one. */
  added_by: string;
};

/** An operator with the end of their newest enrolment link not yet used, if any, and who added them. */
export interface OperatorListRow extends OperatorRow {
  enrolment_expires_at: string | null;
  added_by: string;
}

/** A one-time enrolment link and the account it enrols. */
export interface EnrolmentRow {
  id: number;
  operator_id: number;
  /** Made when the link is first opened, shown to its holder only, kept once made. */
  totp_secret: string | null;
  expires_at: string;
  used_at: string | null;
  /** Who added the account. */
  created_by: string;
  name: string;
  role: OperatorRole;
  status: OperatorRow['status'];
  enrolled_at: string | null;
}

export interface OperatorSessionRow extends OperatorRow {
  token_hash: string;
  csrf_token: string;
  last_seen_at: string;
  expires_at: string;
}

/** Who added an operator: whoever made its enrolment link ('' for accounts made without one). */
const ADDED_BY = `COALESCE((SELECT MIN(created_by) FROM operator_enrolments
                           WHERE operator_enrolments.operator_id = operators.id), '') AS added_by`;

/** Staff accounts of the console and their cookie sessions. */
export function operatorsQueries(db: SqlRunner) {
  return {
    insert: (row: NewOperator) =>
      db.insert(
        `INSERT INTO operators (name, role, password_hash, must_change_password, totp_secret, created_at, enrolled_at,
                                email, lang, confirmed_at, confirmed_by)
         VALUES (@name, @role, @password_hash, @must_change_password, @totp_secret, @created_at, @enrolled_at,
                 @email, @lang, @confirmed_at, @confirmed_by)`,
        { ...row },
      ),
    /** Names are stored in their identity key's form (lower case), so the key finds them byte by byte. */
    byName: (name: string) => db.get<OperatorRow>('SELECT * FROM operators WHERE name = ?', [identityKey(name)]),
    byId: (id: number) => db.get<OperatorRow>('SELECT * FROM operators WHERE id = ?', [id]),
    /** Every account as four eyes weighs it (a staff-sized table). */
    standings: () =>
      db.all<OperatorStanding>(
        `SELECT id, name, role, status, email, lang, enrolled_at, confirmed_at, ${ADDED_BY}
         FROM operators ORDER BY id`,
      ),
    all: () =>
      db.all<OperatorListRow>(
        `SELECT operators.*, ${ADDED_BY},
                (SELECT MAX(expires_at) FROM operator_enrolments
                 WHERE operator_enrolments.operator_id = operators.id AND used_at IS NULL) AS enrolment_expires_at
         FROM operators ORDER BY id`,
      ),
    /** An administrator's confirmation that an enrolled operator's approvals count; false if they counted already. */
    confirm: async (id: number, by: string, at: string) =>
      (await db.run(
        `UPDATE operators SET confirmed_at = ?, confirmed_by = ?
         WHERE id = ? AND confirmed_at IS NULL AND enrolled_at IS NOT NULL AND status = 'active'`,
        [at, by, id],
      )) === 1,
    setEmail: (id: number, email: string) => db.run('UPDATE operators SET email = ? WHERE id = ?', [email, id]),
    /** The console language the operator uses now, for the next mail to them. */
    setLang: (id: number, lang: WireLanguage) =>
      db.run('UPDATE operators SET lang = ? WHERE id = ? AND lang <> ?', [lang, id, lang]),
    count: async () => (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM operators'))?.n ?? 0,
    /** Records a sign-in from the browser whose device cookie has this digest. */
    recordDevice: (operatorId: number, device: string, at: string) =>
      db.run(
        `INSERT INTO operator_devices (operator_id, device, first_seen_at, last_seen_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (operator_id, device) DO UPDATE SET last_seen_at = excluded.last_seen_at`,
        [operatorId, device, at, at],
      ),
    knowsDevice: async (operatorId: number, device: string) =>
      (await db.get('SELECT 1 AS found FROM operator_devices WHERE operator_id = ? AND device = ?', [
        operatorId,
        device,
      ])) !== undefined,
    /** Takes a TOTP step for a sign-in; false when that step or a later one was used already. */
    useTotpStep: async (id: number, step: number) =>
      (await db.run('UPDATE operators SET totp_last_step = ? WHERE id = ? AND totp_last_step < ?', [
        step,
        id,
        step,
      ])) === 1,
    insertEnrolment: (row: {
      operator_id: number;
      token_hash: string;
      created_by: string;
      created_at: string;
      expires_at: string;
    }) =>
      db.insert(
        `INSERT INTO operator_enrolments (operator_id, token_hash, created_by, created_at, expires_at)
         VALUES (@operator_id, @token_hash, @created_by, @created_at, @expires_at)`,
        { ...row },
      ),
    enrolmentByHash: (tokenHash: string) =>
      db.get<EnrolmentRow>(
        `SELECT operator_enrolments.id, operator_enrolments.operator_id, operator_enrolments.totp_secret,
                operator_enrolments.expires_at, operator_enrolments.used_at, operator_enrolments.created_by,
                operators.name, operators.role, operators.status, operators.enrolled_at
         FROM operator_enrolments JOIN operators ON operators.id = operator_enrolments.operator_id
         WHERE operator_enrolments.token_hash = ?`,
        [tokenHash],
      ),
    /** Gives a link its authenticator secret, unless it has one (then that one stays). */
    giveEnrolmentSecret: (id: number, secret: string) =>
      db.run('UPDATE operator_enrolments SET totp_secret = ? WHERE id = ? AND totp_secret IS NULL', [secret, id]),
    /** Uses a link up; false when it was used already or has run out. */
    useEnrolment: async (id: number, now: string) =>
      (await db.run('UPDATE operator_enrolments SET used_at = ? WHERE id = ? AND used_at IS NULL AND expires_at > ?', [
        now,
        id,
        now,
      ])) === 1,
    /** The operator's own password and authenticator, once: false if the account was enrolled already. */
    completeEnrolment: async (
      id: number,
      enrolment: { password_hash: string; totp_secret: string; totp_last_step: number; enrolled_at: string },
    ) =>
      (await db.run(
        `UPDATE operators SET password_hash = @password_hash, totp_secret = @totp_secret,
                totp_last_step = @totp_last_step, must_change_password = 0, enrolled_at = @enrolled_at
         WHERE id = @id AND enrolled_at IS NULL AND status = 'active'`,
        { ...enrolment, id },
      )) === 1,
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
  };
}

declare module '../platform/database/queries' {
  interface Queries {
    readonly operators: ReturnType<typeof operatorsQueries>;
  }
}
