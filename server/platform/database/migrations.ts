import { identityKey } from './identity-keys';
import type { SqlRunner } from './sql';
import {
  LEDGER_NUMBERING,
  LEDGER_TOTALS,
  LEDGER_TOTAL_COLUMNS,
  ORDER_TOTALS,
  ORDER_TOTAL_COLUMNS,
  SALE_TOTALS,
  SALE_TOTAL_COLUMNS,
  REVIEW_WAITING,
  SALES_VOLUME,
  SALE_NUMBERING,
  TEAM_MEMBERSHIPS,
  TEAM_TOTALS,
  TEAM_TOTAL_COLUMNS,
} from './running-totals';

/** What a migration's row work may use: the migrating connection, inside its transaction. */
export type MigrationRunner = Pick<SqlRunner, 'dialect' | 'all' | 'get' | 'run'>;

/**
 * A migration that needs more than one text of SQL both engines share: statements of each
 * engine's own (a trigger: SQLite writes its body inline, PostgreSQL calls a function), or work on
 * the rows that SQL cannot do alike. The steps run in this order, in one transaction.
 */
export interface MigrationSteps {
  /** Both engines: SQLite's words, translated for PostgreSQL (server/platform/database/dialect.ts). */
  sql?: string;
  /** Each engine's own statements, run as written. */
  sqlite?: string;
  postgres?: string;
  /** Work on the rows, in code written once for both engines. */
  rows?: (db: MigrationRunner) => Promise<void>;
  /** Statements after `rows` (indexes over what it filled), translated like `sql`. */
  after?: string;
  /**
   * Row work too large for one transaction, run before the steps above, each of its statements
   * committing by itself (a range of customers at a time), so that no lock is held for the whole
   * of it. The version is recorded only once it has finished, so it must be a refill from
   * nothing: an interrupted run is simply run again at the next start.
   */
  batched?: (db: MigrationRunner) => Promise<void>;
}

export type Migration = string | MigrationSteps;

/** Why a migration stopped: for the person starting the server, with what to do about it. */
export class MigrationError extends Error {
  override readonly name = 'MigrationError';
}

/**
 * Account names, e-mail addresses and operator names are compared by a key of our own
 * (server/platform/database/identity-keys.ts), byte by byte, never by a collation: PostgreSQL's
 * case-insensitive ICU collation also took look-alikes from other scripts and widths for one
 * address. The raw columns keep their values; PostgreSQL's compare as bytes from now on.
 */
export const identityKeysMigration: MigrationSteps = {
  sqlite: `
    ALTER TABLE users ADD COLUMN account_key TEXT NOT NULL DEFAULT '';
    ALTER TABLE users ADD COLUMN email_key TEXT NOT NULL DEFAULT '';
    ALTER TABLE email_codes ADD COLUMN email_key TEXT NOT NULL DEFAULT '';
    `,
  postgres: `
    ALTER TABLE users ADD COLUMN account_key TEXT COLLATE "C" NOT NULL DEFAULT '';
    ALTER TABLE users ADD COLUMN email_key TEXT COLLATE "C" NOT NULL DEFAULT '';
    ALTER TABLE email_codes ADD COLUMN email_key TEXT COLLATE "C" NOT NULL DEFAULT '';
    ALTER TABLE users ALTER COLUMN account TYPE TEXT COLLATE "C", ALTER COLUMN email TYPE TEXT COLLATE "C";
    ALTER TABLE email_codes ALTER COLUMN email TYPE TEXT COLLATE "C";
    ALTER TABLE operators ALTER COLUMN name TYPE TEXT COLLATE "C";
    `,
  rows: keyIdentities,
  after: `
    CREATE UNIQUE INDEX users_by_account_key ON users(account_key);
    CREATE UNIQUE INDEX users_by_email_key ON users(email_key);
    DROP INDEX email_codes_email;
    CREATE INDEX email_codes_by_email_key ON email_codes(email_key, scene, id);
    `,
};

/**
 * Sums and counts the app shows become running totals (server/platform/database/running-totals.ts), and every
 * list and filter gets an index that serves it in order, so that no read grows with the database.
 * The totals are filled in batches of customers; the indexes are made after the rows are in.
 */
export const runningTotalsMigration: MigrationSteps = {
  sql: `
    ALTER TABLE users ADD COLUMN ledger_lines INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN credit_lines INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN debit_lines INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN income INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN expenses INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN acquired INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN recharged INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN sales_open INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN sales_completed INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN sales_rejected INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN sold INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN direct_count INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN indirect_count INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN team_recharged INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN frozen INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN wallet INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN withdrawals_count INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN interest_orders_count INTEGER NOT NULL DEFAULT 0;

    -- Each ledger line's number among its customer's lines (direction 0; 1 for the first) and
    -- among those of its direction (1 credits, -1 debits): any page of the fund log is then a
    -- range of numbers, read from the key without walking the pages before it. Kept beside the
    -- ledger rather than in it, so numbering the lines already written rewrites none of them.
    -- (No foreign keys: the table is derived, and ops check proves it against the ledger.)
    CREATE TABLE ledger_numbers (
      user_id INTEGER NOT NULL,
      direction INTEGER NOT NULL CHECK (direction IN (-1, 0, 1)),
      seq INTEGER NOT NULL,
      ledger_id INTEGER NOT NULL,
      PRIMARY KEY (user_id, direction, seq)
    ) WITHOUT ROWID;

    -- Each sale's number among its customer's sales, in the order they were made: any page of
    -- their sales (all states) is then a range of numbers, like the fund log's.
    CREATE TABLE sale_numbers (
      user_id INTEGER NOT NULL,
      seq INTEGER NOT NULL,
      sale_id INTEGER NOT NULL,
      PRIMARY KEY (user_id, seq)
    ) WITHOUT ROWID;

    -- Everyone in a customer's team, with the level they are at and their number in the order
    -- they joined it: one row per member and level, so any page of a team is a range of numbers.
    CREATE TABLE team_members (
      ancestor_id INTEGER NOT NULL REFERENCES users(id),
      member_id INTEGER NOT NULL REFERENCES users(id),
      level INTEGER NOT NULL CHECK (level IN (1, 2)),
      seq INTEGER NOT NULL,
      PRIMARY KEY (ancestor_id, seq)
    ) WITHOUT ROWID;

    -- The hall's completed volume: all time under 'all', and each UTC day under its date.
    CREATE TABLE sales_volume (
      period TEXT PRIMARY KEY,
      number INTEGER NOT NULL CHECK (number >= 0)
    );

    -- A state alone says little about a row: the waiting ones have partial indexes of their own
    -- now, and an index on the state led the planner away from the one that serves the order.
    DROP INDEX sale_orders_state;
    DROP INDEX recharges_state;
    DROP INDEX withdrawals_state;
    CREATE INDEX team_members_member ON team_members(member_id);
    CREATE UNIQUE INDEX team_members_once ON team_members(ancestor_id, member_id);
    DROP INDEX interest_orders_due;
    CREATE INDEX interest_orders_due ON interest_orders(expires_at, id) WHERE state = 'holding';
    DROP INDEX push_deliveries_due;
    CREATE INDEX push_deliveries_due ON push_deliveries(next_attempt_at, id);
    DROP INDEX push_subscriptions_user;
    CREATE INDEX push_subscriptions_user ON push_subscriptions(user_id, created_at, id);
    CREATE INDEX sale_orders_completed ON sale_orders(updated_at, id) WHERE state = 'completion';
    CREATE INDEX sale_orders_user_state ON sale_orders(user_id, state, id);
    CREATE INDEX sale_orders_queue ON sale_orders(created_at, id) WHERE state = 'audit';
    CREATE INDEX recharges_queue ON recharges(created_at, id) WHERE state = 'audit';
    CREATE INDEX withdrawals_queue ON withdrawals(created_at, id) WHERE state = 'audit';
    -- A customer's orders of the last day, for the second-approval limit's rolling sum.
    CREATE INDEX recharges_user_created ON recharges(user_id, created_at, id);
    CREATE INDEX withdrawals_user_created ON withdrawals(user_id, created_at, id);
    CREATE INDEX audit_log_target ON audit_log(target_type, target_id, id);
    CREATE INDEX audit_log_target_type ON audit_log(target_type, id);
    CREATE INDEX email_codes_latest ON email_codes(email_key, id);
    CREATE INDEX merchants_ranked ON merchants(completion_rate DESC, orders_count DESC, id);
    -- Each merchant's best open offer, found at once rather than by walking the hall.
    CREATE INDEX offers_open_of_merchant ON offers(merchant_id, unit_price DESC, id)
      WHERE paused = 0 AND remaining >= min_number;
    `,
};

/** Fills the running totals of the migration before, a range of customers per statement. */
export const fillRunningTotalsMigration: MigrationSteps = { batched: fillRunningTotals };

/**
 * Schema migrations, applied in order inside one transaction each; SQLite's `PRAGMA user_version`
 * and PostgreSQL's `schema_migrations` record how many have run. Never edit a migration that has
 * shipped: append a new one.
 *
 * Money columns hold integer cents. Rates hold basis points of an annual percentage.
 */
export const migrations: readonly Migration[] = [
  `
  CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );

  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    account TEXT NOT NULL UNIQUE COLLATE NOCASE,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash TEXT NOT NULL,
    nickname TEXT NOT NULL,
    avatar TEXT NOT NULL DEFAULT '',
    invite_code TEXT NOT NULL UNIQUE,
    transfer_code TEXT NOT NULL UNIQUE,
    inviter_id INTEGER REFERENCES users(id),
    vip INTEGER NOT NULL DEFAULT 0 CHECK (vip >= 0),
    balance INTEGER NOT NULL DEFAULT 0 CHECK (balance >= 0),
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'locked', 'disabled')),
    created_at TEXT NOT NULL
  );
  CREATE INDEX users_inviter ON users(inviter_id);

  CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    revoked_at TEXT
  ) WITHOUT ROWID;
  CREATE INDEX sessions_user ON sessions(user_id);

  CREATE TABLE email_codes (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL COLLATE NOCASE,
    scene TEXT NOT NULL CHECK (scene IN ('register', 'reset')),
    code_hash TEXT NOT NULL,
    ip TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    consumed_at TEXT
  );
  CREATE INDEX email_codes_email ON email_codes(email, scene, id);
  CREATE INDEX email_codes_ip ON email_codes(ip, created_at);

  CREATE TABLE login_failures (
    id INTEGER PRIMARY KEY,
    account_key TEXT NOT NULL,
    at TEXT NOT NULL
  );
  CREATE INDEX login_failures_account ON login_failures(account_key, at);

  CREATE TABLE ledger (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    kind TEXT NOT NULL CHECK (kind IN ('recharge', 'sale', 'sale_refund', 'lixibao_buy',
      'lixibao_return', 'interest', 'withdraw', 'withdraw_refund', 'adjust')),
    amount INTEGER NOT NULL CHECK (amount <> 0),
    balance_after INTEGER NOT NULL CHECK (balance_after >= 0),
    ref_type TEXT NOT NULL DEFAULT '',
    ref_id INTEGER,
    remark TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL
  );
  CREATE INDEX ledger_user ON ledger(user_id, id);

  CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    target_type TEXT NOT NULL,
    target_id INTEGER,
    detail TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL
  );

  CREATE TABLE events (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    payload TEXT NOT NULL,
    created_at TEXT NOT NULL
  );

  CREATE TABLE idempotency (
    user_id INTEGER NOT NULL REFERENCES users(id),
    path TEXT NOT NULL,
    request_id TEXT NOT NULL,
    payload_hash TEXT NOT NULL,
    response TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (user_id, path, request_id)
  ) WITHOUT ROWID;

  CREATE TABLE uploads (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    name TEXT NOT NULL UNIQUE,
    mime TEXT NOT NULL,
    size INTEGER NOT NULL,
    created_at TEXT NOT NULL
  );

  CREATE TABLE receiving_addresses (
    type TEXT PRIMARY KEY,
    address TEXT NOT NULL,
    min_amount INTEGER NOT NULL CHECK (min_amount > 0),
    position INTEGER NOT NULL,
    updated_at TEXT NOT NULL
  );

  CREATE TABLE recharges (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    type TEXT NOT NULL,
    category TEXT NOT NULL,
    address TEXT NOT NULL,
    amount INTEGER NOT NULL CHECK (amount > 0),
    credentials TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'audit' CHECK (state IN ('audit', 'success', 'failure')),
    remark TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX recharges_user ON recharges(user_id, id);
  CREATE INDEX recharges_state ON recharges(state);

  CREATE TABLE bank_accounts (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    type TEXT NOT NULL CHECK (type IN ('bank', 'wise')),
    details TEXT NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (user_id, type)
  );

  CREATE TABLE withdrawals (
    id INTEGER PRIMARY KEY,
    order_no TEXT NOT NULL UNIQUE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    type TEXT NOT NULL CHECK (type IN ('bank', 'wise')),
    bank_account_id INTEGER NOT NULL REFERENCES bank_accounts(id),
    amount INTEGER NOT NULL CHECK (amount > 0),
    fee INTEGER NOT NULL DEFAULT 0 CHECK (fee >= 0),
    state TEXT NOT NULL DEFAULT 'audit' CHECK (state IN ('audit', 'success', 'failure')),
    remark TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX withdrawals_user ON withdrawals(user_id, id);
  CREATE INDEX withdrawals_state ON withdrawals(state);

  CREATE TABLE merchants (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    avatar TEXT NOT NULL DEFAULT '',
    completion_rate INTEGER NOT NULL CHECK (completion_rate BETWEEN 0 AND 10000),
    orders_count INTEGER NOT NULL DEFAULT 0 CHECK (orders_count >= 0),
    created_at TEXT NOT NULL
  );

  CREATE TABLE offers (
    id INTEGER PRIMARY KEY,
    order_no TEXT NOT NULL UNIQUE,
    merchant_id INTEGER NOT NULL REFERENCES merchants(id),
    unit_price INTEGER NOT NULL CHECK (unit_price > 0),
    currency TEXT NOT NULL,
    quantity INTEGER NOT NULL CHECK (quantity > 0),
    remaining INTEGER NOT NULL CHECK (remaining >= 0 AND remaining <= quantity),
    min_number INTEGER NOT NULL CHECK (min_number > 0),
    max_number INTEGER NOT NULL CHECK (max_number >= min_number),
    created_at TEXT NOT NULL
  );
  CREATE INDEX offers_open ON offers(unit_price DESC, id) WHERE remaining > 0;

  CREATE TABLE sale_orders (
    id INTEGER PRIMARY KEY,
    order_no TEXT NOT NULL UNIQUE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    offer_id INTEGER NOT NULL REFERENCES offers(id),
    number INTEGER NOT NULL CHECK (number > 0),
    unit_price INTEGER NOT NULL CHECK (unit_price > 0),
    amount INTEGER NOT NULL CHECK (amount >= 0),
    currency TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'audit' CHECK (state IN ('audit', 'completion', 'reject')),
    matching_time TEXT,
    remark TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX sale_orders_user ON sale_orders(user_id, id);
  CREATE INDEX sale_orders_state ON sale_orders(state);

  CREATE TABLE products (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    rate INTEGER NOT NULL CHECK (rate >= 0),
    days INTEGER NOT NULL CHECK (days > 0),
    min_amount INTEGER NOT NULL CHECK (min_amount > 0),
    max_amount INTEGER NOT NULL CHECK (max_amount >= min_amount),
    created_at TEXT NOT NULL
  );

  CREATE TABLE interest_orders (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    product_id INTEGER NOT NULL REFERENCES products(id),
    name TEXT NOT NULL,
    number INTEGER NOT NULL CHECK (number > 0),
    rate INTEGER NOT NULL,
    days INTEGER NOT NULL,
    interest INTEGER NOT NULL CHECK (interest >= 0),
    started_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'holding' CHECK (state IN ('holding', 'done')),
    paid_at TEXT
  );
  CREATE INDEX interest_orders_user ON interest_orders(user_id, id);
  CREATE INDEX interest_orders_due ON interest_orders(expires_at) WHERE state = 'holding';

  CREATE TABLE kefu (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    type TEXT NOT NULL CHECK (type IN ('telegram', 'whatsapp', 'email', 'link')),
    url TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  `,
  `
  -- The money figures read on every Home and My visit: frozen (open sales and withdrawals) and
  -- the interest wallet, each answered from a small partial index without touching the table.
  CREATE INDEX sale_orders_user_open ON sale_orders(user_id, number) WHERE state = 'audit';
  CREATE INDEX withdrawals_user_open ON withdrawals(user_id, amount) WHERE state = 'audit';
  CREATE INDEX interest_orders_user_holding ON interest_orders(user_id, number) WHERE state = 'holding';
  `,
  `
  -- Uploaded proofs and avatars live in the database, so that every node of several serves them.
  ALTER TABLE uploads ADD COLUMN content BLOB;
  `,
  `
  -- Request counters of the rate limits, shared by every node on one database.
  CREATE TABLE rate_limits (
    key TEXT PRIMARY KEY,
    hits INTEGER NOT NULL,
    window_ends INTEGER NOT NULL
  );
  `,
  `
  -- The customer-service contacts under a name that says what they are.
  ALTER TABLE kefu RENAME TO contact_channels;
  `,
  `
  -- A code whose mail could not be sent holds nobody to the resend wait.
  ALTER TABLE email_codes ADD COLUMN send_failed_at TEXT;
  -- What a picture is, whatever its upload's name: one transfer proof backs one recharge.
  ALTER TABLE uploads ADD COLUMN content_hash TEXT;
  -- Earlier recharges are known by their upload's name; two of them may share one (that was the
  -- flaw), so only pictures known by their digest get the database's own guarantee.
  ALTER TABLE recharges ADD COLUMN proof_hash TEXT;
  UPDATE recharges SET proof_hash = 'name:' || substr(credentials, 10);
  CREATE INDEX recharges_proof ON recharges(proof_hash);
  CREATE UNIQUE INDEX recharges_proof_once ON recharges(proof_hash)
    WHERE substr(proof_hash, 1, 7) = 'sha256:' AND state <> 'failure';
  CREATE INDEX recharges_user_open ON recharges(user_id) WHERE state = 'audit';
  `,
  `
  -- The operators' console: staff accounts (password and TOTP), their cookie sessions, the
  -- approvals of withdrawals that need two operators, and the audit log's who-from-what-to-what.
  CREATE TABLE operators (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    role TEXT NOT NULL CHECK (role IN ('reviewer', 'admin')),
    password_hash TEXT NOT NULL,
    must_change_password INTEGER NOT NULL DEFAULT 1,
    totp_secret TEXT NOT NULL,
    totp_last_step INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
    created_at TEXT NOT NULL
  );

  CREATE TABLE operator_sessions (
    token_hash TEXT PRIMARY KEY,
    operator_id INTEGER NOT NULL REFERENCES operators(id),
    csrf_token TEXT NOT NULL,
    created_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    revoked_at TEXT
  ) WITHOUT ROWID;
  CREATE INDEX operator_sessions_operator ON operator_sessions(operator_id);

  CREATE TABLE withdraw_approvals (
    withdraw_id INTEGER NOT NULL REFERENCES withdrawals(id),
    actor TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (withdraw_id, actor)
  ) WITHOUT ROWID;

  ALTER TABLE audit_log ADD COLUMN user_id INTEGER;
  ALTER TABLE audit_log ADD COLUMN before_value TEXT NOT NULL DEFAULT '';
  ALTER TABLE audit_log ADD COLUMN after_value TEXT NOT NULL DEFAULT '';
  CREATE INDEX audit_log_actor ON audit_log(actor, id);
  CREATE INDEX audit_log_user ON audit_log(user_id, id);
  CREATE INDEX audit_log_action ON audit_log(action, id);
  -- Earlier rows name their customer only through the order or user they are about.
  UPDATE audit_log SET user_id = target_id WHERE target_type = 'user';
  UPDATE audit_log SET user_id = (SELECT user_id FROM recharges WHERE recharges.id = audit_log.target_id)
    WHERE target_type = 'recharge';
  UPDATE audit_log SET user_id = (SELECT user_id FROM withdrawals WHERE withdrawals.id = audit_log.target_id)
    WHERE target_type = 'withdraw';
  UPDATE audit_log SET user_id = (SELECT user_id FROM sale_orders WHERE sale_orders.id = audit_log.target_id)
    WHERE target_type = 'sale';
  `,
  `
  -- An operator may take an offer out of the hall for a while without touching its quantity.
  ALTER TABLE offers ADD COLUMN paused INTEGER NOT NULL DEFAULT 0;
  `,
  `
  -- The security centre: what each session was opened from and when it was last used, every
  -- sign-in and failed attempt on an account, the phrase that marks our e-mails, and since when
  -- a payout account's details are what they are (a new or changed account is held a while).
  ALTER TABLE sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
  ALTER TABLE sessions ADD COLUMN ip TEXT NOT NULL DEFAULT '';
  ALTER TABLE sessions ADD COLUMN last_seen_at TEXT;
  ALTER TABLE sessions ADD COLUMN last_ip TEXT NOT NULL DEFAULT '';

  CREATE TABLE sign_ins (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    at TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('success', 'failure')),
    method TEXT NOT NULL CHECK (method IN ('password', 'passkey', 'register')),
    ip TEXT NOT NULL,
    user_agent TEXT NOT NULL,
    device TEXT NOT NULL
  );
  CREATE INDEX sign_ins_user ON sign_ins(user_id, id);
  CREATE INDEX sign_ins_device ON sign_ins(user_id, device) WHERE outcome = 'success';
  CREATE INDEX sign_ins_at ON sign_ins(at);

  ALTER TABLE users ADD COLUMN anti_phishing TEXT NOT NULL DEFAULT '';

  ALTER TABLE bank_accounts ADD COLUMN changed_at TEXT;
  UPDATE bank_accounts SET changed_at = created_at;

  -- Codes gain a scene, binding a payout account; a check cannot change in place, so the table is
  -- made again. Rows keep their order (the newest code wins), not their ids: nothing refers to one.
  CREATE TABLE email_codes_next (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL COLLATE NOCASE,
    scene TEXT NOT NULL CHECK (scene IN ('register', 'reset', 'bind')),
    code_hash TEXT NOT NULL,
    ip TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    consumed_at TEXT,
    send_failed_at TEXT
  );
  INSERT INTO email_codes_next (email, scene, code_hash, ip, created_at, expires_at, attempts, consumed_at, send_failed_at)
    SELECT email, scene, code_hash, ip, created_at, expires_at, attempts, consumed_at, send_failed_at
    FROM email_codes ORDER BY id;
  DROP TABLE email_codes;
  ALTER TABLE email_codes_next RENAME TO email_codes;
  CREATE INDEX email_codes_email ON email_codes(email, scene, id);
  CREATE INDEX email_codes_ip ON email_codes(ip, created_at);
  `,
  `
  -- Web Push. A browser subscription belongs to the session that made it and goes with it; its
  -- language and hide-amounts choice decide the notices' wording.
  CREATE TABLE push_subscriptions (
    id INTEGER PRIMARY KEY,
    endpoint TEXT NOT NULL UNIQUE,
    token_hash TEXT NOT NULL REFERENCES sessions(token_hash) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    lang TEXT NOT NULL,
    hide_amounts INTEGER NOT NULL CHECK (hide_amounts IN (0, 1)),
    created_at TEXT NOT NULL
  );
  CREATE INDEX push_subscriptions_user ON push_subscriptions(user_id, created_at);
  CREATE INDEX push_subscriptions_session ON push_subscriptions(token_hash);

  -- One notice to one subscription, written in the transaction of the decision it tells of and
  -- deleted once sent. A sender claims due rows until claimed_until, so nodes never send one twice
  -- at once; a failed send waits until next_attempt_at.
  CREATE TABLE push_deliveries (
    id INTEGER PRIMARY KEY,
    subscription_id INTEGER NOT NULL REFERENCES push_subscriptions(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    kind TEXT NOT NULL CHECK (kind IN ('sale_order', 'recharge', 'withdraw', 'lixibao')),
    ref_id INTEGER NOT NULL,
    state TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL,
    claim TEXT,
    claimed_until TEXT,
    created_at TEXT NOT NULL
  );
  CREATE INDEX push_deliveries_due ON push_deliveries(next_attempt_at);
  CREATE INDEX push_deliveries_subscription ON push_deliveries(subscription_id);
  CREATE INDEX push_deliveries_claim ON push_deliveries(claim);
  `,
  `
  -- Passkeys (WebAuthn). The credential's id and COSE public key are kept base64url; the counter
  -- the authenticator last reported guards against a cloned key.
  CREATE TABLE passkeys (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    credential_id TEXT NOT NULL UNIQUE,
    public_key TEXT NOT NULL,
    counter INTEGER NOT NULL DEFAULT 0,
    transports TEXT NOT NULL DEFAULT '',
    name TEXT NOT NULL,
    created_at TEXT NOT NULL,
    last_used_at TEXT
  );
  CREATE INDEX passkeys_user ON passkeys(user_id, id);

  -- A challenge handed to a browser, usable once, for one purpose, before expires_at. One made
  -- for a signed-in customer belongs to that session (token_hash; empty for signing in).
  CREATE TABLE webauthn_challenges (
    id INTEGER PRIMARY KEY,
    handle TEXT NOT NULL UNIQUE,
    challenge TEXT NOT NULL,
    purpose TEXT NOT NULL CHECK (purpose IN ('register', 'sign_in', 'withdraw')),
    token_hash TEXT NOT NULL,
    user_id INTEGER REFERENCES users(id),
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT
  );
  CREATE INDEX webauthn_challenges_expires ON webauthn_challenges(expires_at);
  `,
  `
  -- Event ids never go back. Without AUTOINCREMENT SQLite hands out the highest id left plus one,
  -- so once the sweep had emptied the table new events got ids the relay (which reads past the
  -- last id it delivered) had already passed, and live updates stopped until the ids caught up.
  -- Rows keep their order, not their ids: the relay starts from the highest id when the server
  -- starts, after the migrations. (PostgreSQL's identity keys never went back.)
  CREATE TABLE events_next (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id),
    payload TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  INSERT INTO events_next (user_id, payload, created_at)
    SELECT user_id, payload, created_at FROM events ORDER BY id;
  DROP TABLE events;
  ALTER TABLE events_next RENAME TO events;
  `,
  identityKeysMigration,
  `
  -- Password guesses count per account and per source (an address range, or a device or session
  -- the owner already used), so that strangers' failures cannot hold the owner out of those.
  ALTER TABLE login_failures ADD COLUMN source TEXT NOT NULL DEFAULT '';
  ALTER TABLE login_failures ADD COLUMN untrusted INTEGER NOT NULL DEFAULT 1 CHECK (untrusted IN (0, 1));
  CREATE INDEX login_failures_source ON login_failures(account_key, source, at);

  -- The devices each account has signed in from, kept apart from the sign-in history (which is
  -- swept after half a year), so a dormant account still hears of a new one.
  CREATE TABLE known_devices (
    user_id INTEGER NOT NULL REFERENCES users(id),
    device TEXT NOT NULL,
    first_seen_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    PRIMARY KEY (user_id, device)
  ) WITHOUT ROWID;
  INSERT INTO known_devices (user_id, device, first_seen_at, last_seen_at)
    SELECT user_id, device, MIN(at), MAX(at) FROM sign_ins WHERE outcome = 'success' GROUP BY user_id, device;
  DROP INDEX sign_ins_device;
  `,
  `
  -- A passkey may also confirm a signed-in customer's identity (fresh proof before they end other
  -- sessions, remove a passkey or read or change their anti-phishing phrase): a fourth purpose. A
  -- check cannot change in place, so the table is made again; nothing refers to a challenge's id.
  CREATE TABLE webauthn_challenges_next (
    id INTEGER PRIMARY KEY,
    handle TEXT NOT NULL UNIQUE,
    challenge TEXT NOT NULL,
    purpose TEXT NOT NULL CHECK (purpose IN ('register', 'sign_in', 'withdraw', 'confirm')),
    token_hash TEXT NOT NULL,
    user_id INTEGER REFERENCES users(id),
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT
  );
  INSERT INTO webauthn_challenges_next (handle, challenge, purpose, token_hash, user_id, created_at, expires_at, used_at)
    SELECT handle, challenge, purpose, token_hash, user_id, created_at, expires_at, used_at FROM webauthn_challenges;
  DROP TABLE webauthn_challenges;
  ALTER TABLE webauthn_challenges_next RENAME TO webauthn_challenges;
  CREATE INDEX webauthn_challenges_expires ON webauthn_challenges(expires_at);
  `,
  `
  -- The hall lists only offers a sale can fill: not paused, and at least the smallest sale left.
  -- The index holds exactly those, in the hall's order.
  DROP INDEX offers_open;
  CREATE INDEX offers_open ON offers(unit_price DESC, id) WHERE paused = 0 AND remaining >= min_number;
  `,
  {
    sql: `
    -- An operator an admin adds has no password or authenticator until they enrol themselves
    -- through a one-time link (kept only as its digest); only then can they sign in.
    ALTER TABLE operators ADD COLUMN enrolled_at TEXT;
    UPDATE operators SET enrolled_at = created_at;
    CREATE TABLE operator_enrolments (
      id INTEGER PRIMARY KEY,
      operator_id INTEGER NOT NULL REFERENCES operators(id),
      token_hash TEXT NOT NULL UNIQUE,
      totp_secret TEXT,
      created_by TEXT NOT NULL,
      created_at TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      used_at TEXT
    );
    CREATE INDEX operator_enrolments_operator ON operator_enrolments(operator_id);

    -- Recharges above the limit need two operators as withdrawals do: one table of approvals.
    CREATE TABLE review_approvals (
      kind TEXT NOT NULL CHECK (kind IN ('recharge', 'withdraw')),
      order_id INTEGER NOT NULL,
      actor TEXT NOT NULL,
      created_at TEXT NOT NULL,
      PRIMARY KEY (kind, order_id, actor)
    ) WITHOUT ROWID;
    INSERT INTO review_approvals (kind, order_id, actor, created_at)
      SELECT 'withdraw', withdraw_id, actor, created_at FROM withdraw_approvals;
    DROP TABLE withdraw_approvals;
    `,
    // The audit log is append-only in the database too, not only in the code: whatever runs SQL
    // against it (a bug, a hand at the prompt) cannot rewrite or remove what staff did. A later
    // migration that must change rows drops these triggers and makes them again in its own step.
    sqlite: `
    CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
    CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
    `,
    postgres: `
    CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'the audit log is append-only';
    END
    $$;
    CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
    CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
    `,
  },
  `
  -- The browsers each operator has signed in with (a long-lived device cookie, kept as its
  -- digest): wrong passwords from elsewhere cannot hold an operator out of their own browser.
  CREATE TABLE operator_devices (
    operator_id INTEGER NOT NULL REFERENCES operators(id),
    device TEXT NOT NULL,
    first_seen_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    PRIMARY KEY (operator_id, device)
  ) WITHOUT ROWID;
  `,
  runningTotalsMigration,
  fillRunningTotalsMigration,
  `
  -- Deposits read from the chain. An account key (an xpub, never a private key) gives each
  -- customer an address of their own at …/0/i, i taken from next_index and never reused; every
  -- EVM network may share one key, so a customer's EVM address is the same on each.
  CREATE TABLE chain_keys (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('tron', 'evm')),
    xpub TEXT NOT NULL UNIQUE,
    next_index INTEGER NOT NULL DEFAULT 0 CHECK (next_index >= 0),
    created_at TEXT NOT NULL
  );
  CREATE TABLE chain_addresses (
    key_id INTEGER NOT NULL REFERENCES chain_keys(id),
    user_id INTEGER NOT NULL REFERENCES users(id),
    address_index INTEGER NOT NULL,
    -- The address's 20 bytes in lower-case hex, as Transfer logs carry them.
    body TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (key_id, user_id)
  ) WITHOUT ROWID;
  CREATE UNIQUE INDEX chain_addresses_index ON chain_addresses(key_id, address_index);
  CREATE UNIQUE INDEX chain_addresses_body ON chain_addresses(key_id, body);

  -- A watched network: its recharge type (the wire's type), where to read it, its USDT
  -- contract, and when a block counts as final there: at least confirmations deep, and at
  -- or below the node's finalized block too when finalized_tag is 1. The watcher's
  -- state lives on the row: scanned_block is the last final block whose logs are all
  -- recorded; one node at a time holds the lease to move it.
  CREATE TABLE chain_networks (
    type TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('tron', 'evm')),
    key_id INTEGER NOT NULL REFERENCES chain_keys(id),
    rpc_urls TEXT NOT NULL,
    contract TEXT NOT NULL,
    decimals INTEGER NOT NULL CHECK (decimals BETWEEN 2 AND 36),
    min_amount INTEGER NOT NULL CHECK (min_amount > 0),
    confirmations INTEGER NOT NULL CHECK (confirmations BETWEEN 1 AND 10000),
    finalized_tag INTEGER NOT NULL CHECK (finalized_tag IN (0, 1)),
    position INTEGER NOT NULL,
    scanned_block INTEGER NOT NULL CHECK (scanned_block >= 0),
    head_block INTEGER,
    final_block INTEGER,
    checked_at TEXT,
    advanced_at TEXT,
    rpc_in_use TEXT NOT NULL DEFAULT '',
    last_error TEXT NOT NULL DEFAULT '',
    lease_holder TEXT,
    lease_until TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );

  -- The blocks read above the final edge, to notice a reorganisation by their parent hashes.
  CREATE TABLE chain_blocks (
    network TEXT NOT NULL REFERENCES chain_networks(type),
    number INTEGER NOT NULL,
    hash TEXT NOT NULL,
    parent_hash TEXT NOT NULL,
    PRIMARY KEY (network, number)
  ) WITHOUT ROWID;

  -- A USDT transfer to a customer's address, keyed by where it sits in its transaction (a
  -- log's place in its block can change in a reorganisation; its place in its transaction
  -- cannot). The token's amount is kept whole; amount is the cents credited, and what lies
  -- below a cent stays in remainder_units.
  CREATE TABLE chain_deposits (
    id INTEGER PRIMARY KEY,
    network TEXT NOT NULL REFERENCES chain_networks(type),
    tx_hash TEXT NOT NULL,
    log_position INTEGER NOT NULL CHECK (log_position >= 0),
    block_number INTEGER NOT NULL,
    block_hash TEXT NOT NULL,
    from_body TEXT NOT NULL,
    to_body TEXT NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id),
    amount_units TEXT NOT NULL,
    amount INTEGER NOT NULL CHECK (amount >= 0),
    remainder_units TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('confirming', 'credited', 'orphaned', 'below_minimum')),
    confirmations INTEGER NOT NULL,
    seen_at TEXT NOT NULL,
    credited_at TEXT,
    UNIQUE (network, tx_hash, log_position)
  );
  CREATE INDEX chain_deposits_user ON chain_deposits(user_id, id);
  CREATE INDEX chain_deposits_confirming ON chain_deposits(network, block_number, id) WHERE state = 'confirming';
  CREATE INDEX chain_deposits_state ON chain_deposits(state, id);
  `,
  {
    // A deposit credited from the chain is a push notice of its own kind. SQLite cannot change a
    // column's CHECK in place: the table is made again with its rows and indexes.
    sqlite: `
    CREATE TABLE push_deliveries_next (
      id INTEGER PRIMARY KEY,
      subscription_id INTEGER NOT NULL REFERENCES push_subscriptions(id) ON DELETE CASCADE,
      user_id INTEGER NOT NULL REFERENCES users(id),
      kind TEXT NOT NULL CHECK (kind IN ('sale_order', 'recharge', 'withdraw', 'lixibao', 'deposit')),
      ref_id INTEGER NOT NULL,
      state TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at TEXT NOT NULL,
      claim TEXT,
      claimed_until TEXT,
      created_at TEXT NOT NULL
    );
    INSERT INTO push_deliveries_next (id, subscription_id, user_id, kind, ref_id, state, attempts, next_attempt_at,
                                      claim, claimed_until, created_at)
      SELECT id, subscription_id, user_id, kind, ref_id, state, attempts, next_attempt_at, claim, claimed_until,
             created_at
      FROM push_deliveries;
    DROP TABLE push_deliveries;
    ALTER TABLE push_deliveries_next RENAME TO push_deliveries;
    CREATE INDEX push_deliveries_due ON push_deliveries(next_attempt_at, id);
    CREATE INDEX push_deliveries_subscription ON push_deliveries(subscription_id);
    CREATE INDEX push_deliveries_claim ON push_deliveries(claim);
    `,
    postgres: `
    ALTER TABLE push_deliveries DROP CONSTRAINT push_deliveries_kind_check;
    ALTER TABLE push_deliveries ADD CONSTRAINT push_deliveries_kind_check
      CHECK (kind IN ('sale_order', 'recharge', 'withdraw', 'lixibao', 'deposit'));
    `,
  },
  `
  -- The hash of the block the scan's mark stands on: a final block that changes under it is a
  -- reorganisation deeper than the finality rule, which stops the watcher for operators to look.
  ALTER TABLE chain_networks ADD COLUMN scanned_hash TEXT;

  -- An administrator's approval to credit a deposit below the minimum by hand: above the
  -- second-approval limit it takes two different ones, as a large recharge does.
  CREATE TABLE deposit_approvals (
    deposit_id INTEGER NOT NULL REFERENCES chain_deposits(id),
    actor TEXT NOT NULL,
    reason TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (deposit_id, actor)
  ) WITHOUT ROWID;

  -- The chain a network's nodes are on (eth_chainId), checked on every pass: a node of another
  -- chain is refused. One USDT contract of one chain is watched under one type only, or a
  -- transfer would be credited once per type.
  ALTER TABLE chain_networks ADD COLUMN chain_id TEXT NOT NULL DEFAULT '';
  CREATE UNIQUE INDEX chain_networks_contract ON chain_networks(chain_id, contract);
  `,
  `
  -- A shared receiving address whose proofs are checked on the chain: a customer gives the
  -- transaction hash beside the picture, and the server reads the transfer through these nodes.
  CREATE TABLE chain_checks (
    type TEXT PRIMARY KEY REFERENCES receiving_addresses(type),
    kind TEXT NOT NULL CHECK (kind IN ('tron', 'evm')),
    rpc_urls TEXT NOT NULL,
    contract TEXT NOT NULL,
    decimals INTEGER NOT NULL CHECK (decimals BETWEEN 2 AND 36),
    confirmations INTEGER NOT NULL CHECK (confirmations BETWEEN 1 AND 10000),
    finalized_tag INTEGER NOT NULL CHECK (finalized_tag IN (0, 1)),
    chain_id TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );

  -- The transaction a recharge names (lower-case hex, no 0x) and what the chain said of it. One
  -- transaction backs one recharge across all customers, unless that one was refused.
  ALTER TABLE recharges ADD COLUMN tx_hash TEXT;
  ALTER TABLE recharges ADD COLUMN chain_verdict TEXT;
  ALTER TABLE recharges ADD COLUMN chain_detail TEXT NOT NULL DEFAULT '';
  ALTER TABLE recharges ADD COLUMN chain_sender TEXT;
  ALTER TABLE recharges ADD COLUMN chain_checked_at TEXT;
  CREATE UNIQUE INDEX recharges_tx_once ON recharges(tx_hash) WHERE tx_hash IS NOT NULL AND state <> 'failure';
  CREATE INDEX recharges_chain_due ON recharges(chain_checked_at, id)
    WHERE state = 'audit' AND chain_verdict IN ('pending', 'not_found', 'not_final', 'unreachable');
  CREATE INDEX recharges_chain_sender ON recharges(chain_sender, user_id) WHERE state = 'success';
  `,
  `
  -- The second-approval limit's rolling sum reads a customer's orders of the last day from these
  -- indexes alone: with the state and amount in them, a busy customer's day is not a table read
  -- per order.
  DROP INDEX recharges_user_created;
  CREATE INDEX recharges_user_created ON recharges(user_id, created_at, id, state, amount);
  DROP INDEX withdrawals_user_created;
  CREATE INDEX withdrawals_user_created ON withdrawals(user_id, created_at, id, state, amount);
  `,
  `
  -- Transfers to a customer's address below the dust level, counted per address rather than
  -- recorded one by one (the amount in the token's own units, as text: 18 decimals outgrow 64 bits).
  CREATE TABLE chain_dust (
    network TEXT NOT NULL REFERENCES chain_networks(type),
    to_body TEXT NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id),
    transfers INTEGER NOT NULL CHECK (transfers > 0),
    amount_units TEXT NOT NULL,
    last_block INTEGER NOT NULL,
    last_seen_at TEXT NOT NULL,
    PRIMARY KEY (network, to_body)
  );
  `,
  `
  -- A unique amount reserved for one customer's transfer to a shared address whose proofs are
  -- checked: what they asked to recharge plus a few cents, given to nobody else at that address
  -- for a day (the rows of that day, and the open recharges there, are what is looked up). Only
  -- a transfer of exactly that amount, made while it was held, is credited without an operator.
  CREATE TABLE recharge_quotes (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    type TEXT NOT NULL,
    address TEXT NOT NULL,
    amount INTEGER NOT NULL CHECK (amount > 0),
    exact_amount INTEGER NOT NULL CHECK (exact_amount > amount AND exact_amount < amount + 100),
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  );
  CREATE INDEX recharge_quotes_taken ON recharge_quotes(address, exact_amount, created_at);
  CREATE INDEX recharge_quotes_user ON recharge_quotes(user_id, created_at, id);

  -- The reservation a recharge was sent for; one backs one recharge, unless that one was refused.
  ALTER TABLE recharges ADD COLUMN quote_id INTEGER REFERENCES recharge_quotes(id);
  CREATE UNIQUE INDEX recharges_quote_once ON recharges(quote_id) WHERE quote_id IS NOT NULL AND state <> 'failure';
  CREATE INDEX recharges_open_amount ON recharges(address, amount) WHERE state = 'audit';
  `,
  `
  -- Four eyes made slow and loud. An operator's address (where their enrolment link goes and,
  -- for admins, the notices of every change to four eyes; NULL for accounts from before it was
  -- asked) and the console language they last used (the language of those mails).
  ALTER TABLE operators ADD COLUMN email TEXT;
  ALTER TABLE operators ADD COLUMN lang TEXT NOT NULL DEFAULT 'en';
  -- A new operator's approvals count 24 hours after enrolment, or from when an administrator
  -- other than the one who added them confirmed them. The first administrator, and accounts from
  -- before enrolment links, were made by the set-up itself and count from their start.
  ALTER TABLE operators ADD COLUMN confirmed_at TEXT;
  ALTER TABLE operators ADD COLUMN confirmed_by TEXT;
  UPDATE operators SET confirmed_at = enrolled_at, confirmed_by = 'setup'
  WHERE enrolled_at IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM operator_enrolments WHERE operator_enrolments.operator_id = operators.id);

  -- A raise of the second-approval limit waits 24 hours, or for a second administrator: at most
  -- one waits at a time (a later change replaces it).
  CREATE TABLE limit_raises (
    id INTEGER PRIMARY KEY,
    amount INTEGER NOT NULL CHECK (amount > 0),
    requested_by TEXT NOT NULL,
    requested_at TEXT NOT NULL,
    in_force_at TEXT NOT NULL
  );
  `,
  {
    sql: `
    -- How many orders of each kind wait for review, in stripes by customer (WAITING_STRIPES in
    -- server/platform/database/running-totals.ts), moved by the transaction that moves an order in or out: the
    -- console reads its counts from here however long the queue is. ops check proves each stripe.
    CREATE TABLE review_waiting (
      kind TEXT NOT NULL CHECK (kind IN ('recharge', 'withdraw', 'sale')),
      stripe INTEGER NOT NULL,
      waiting INTEGER NOT NULL,
      PRIMARY KEY (kind, stripe)
    );
    `,
    rows: fillReviewWaiting,
  },
];

/** Counts the orders waiting for review into `review_waiting` afresh (also for tests that write orders straight in). */
export async function fillReviewWaiting(db: MigrationRunner): Promise<void> {
  await db.run('DELETE FROM review_waiting');
  await db.run(`INSERT INTO review_waiting (kind, stripe, waiting) ${REVIEW_WAITING}`);
}

/** Rows written at once while filling keys: few statements, well under either engine's parameter limit. */
const KEY_BATCH = 500;

/**
 * Fills the comparison keys of existing accounts and codes. Two accounts whose names or addresses
 * have one key (SQLite's NOCASE folded ASCII letters only, so composed and decomposed accents
 * could sit side by side) stop the migration: merging or renaming a customer is a decision for a
 * person, never for a start-up script.
 */
async function keyIdentities(db: MigrationRunner): Promise<void> {
  const users = await db.all<{ id: number; account: string; email: string }>(
    'SELECT id, account, email FROM users ORDER BY id',
  );
  const clashes: string[] = [];
  for (const field of ['account', 'email'] as const) {
    const holders = new Map<string, { id: number; account: string }>();
    for (const user of users) {
      const key = identityKey(user[field]);
      const earlier = holders.get(key);
      if (earlier) {
        clashes.push(`users ${earlier.id} (${earlier.account}) and ${user.id} (${user.account}) share one ${field}`);
      } else {
        holders.set(key, user);
      }
    }
  }
  if (clashes.length > 0) {
    throw new MigrationError(
      `cannot key accounts: ${clashes.join('; ')}. Nothing was changed. Give one of each pair another ` +
        'account name or e-mail address (or close it) by hand, then start again.',
    );
  }
  await db.run(
    'CREATE TABLE identity_keys (id BIGINT PRIMARY KEY, account_key TEXT NOT NULL, email_key TEXT NOT NULL)',
  );
  for (let start = 0; start < users.length; start += KEY_BATCH) {
    const batch = users.slice(start, start + KEY_BATCH);
    await db.run(
      `INSERT INTO identity_keys (id, account_key, email_key) VALUES ${batch.map(() => '(?, ?, ?)').join(', ')}`,
      batch.flatMap((user) => [user.id, identityKey(user.account), identityKey(user.email)]),
    );
  }
  await db.run(
    `UPDATE users SET account_key = identity_keys.account_key, email_key = identity_keys.email_key
     FROM identity_keys WHERE identity_keys.id = users.id`,
  );
  await db.run('DROP TABLE identity_keys');
  const codes = await db.all<{ email: string }>('SELECT DISTINCT email FROM email_codes');
  for (const { email } of codes) {
    await db.run('UPDATE email_codes SET email_key = ? WHERE email = ?', [identityKey(email), email]);
  }
}

/** Customers whose totals are filled by one statement: a few seconds' work at most on either engine. */
const TOTALS_BATCH = 20_000;

/**
 * Fills the running totals from the rows, a range of customers at a time, so that no statement
 * holds millions of rows at once: first each customer's team rows, own totals and ledger line
 * numbers, then (once every member's recharges are known) the teams' totals, then the hall's
 * volume.
 */
export async function fillRunningTotals(db: MigrationRunner): Promise<void> {
  const last = (await db.get<{ last: number }>('SELECT COALESCE(MAX(id), 0) AS last FROM users'))?.last ?? 0;
  const ranges: { first: number; last: number }[] = [];
  for (let first = 1; first <= last; first += TOTALS_BATCH) ranges.push({ first, last: first + TOTALS_BATCH - 1 });
  const zero = [...LEDGER_TOTAL_COLUMNS, ...SALE_TOTAL_COLUMNS, ...ORDER_TOTAL_COLUMNS, ...TEAM_TOTAL_COLUMNS]
    .map((column) => `${column} = 0`)
    .join(', ');
  // From nothing, so that filling again (tests that write rows straight into the tables) is a refill.
  await db.run('DELETE FROM team_members');
  await db.run('DELETE FROM sales_volume');
  await db.run('DELETE FROM ledger_numbers');
  await db.run('DELETE FROM sale_numbers');
  const fill = (columns: readonly string[], totals: string) =>
    `UPDATE users SET ${columns.map((column) => `${column} = totals.${column}`).join(', ')}
     FROM (${totals}) AS totals WHERE users.id = totals.user_id`;
  for (const range of ranges) {
    await db.run(`UPDATE users SET ${zero} WHERE id BETWEEN @first AND @last`, range);
    await db.run(`INSERT INTO team_members (ancestor_id, member_id, level, seq) ${TEAM_MEMBERSHIPS}`, range);
    await db.run(fill(LEDGER_TOTAL_COLUMNS, LEDGER_TOTALS), range);
    await db.run(fill(SALE_TOTAL_COLUMNS, SALE_TOTALS), range);
    await db.run(fill(ORDER_TOTAL_COLUMNS, ORDER_TOTALS), range);
    await db.run(`INSERT INTO ledger_numbers (user_id, direction, seq, ledger_id) ${LEDGER_NUMBERING}`, range);
    await db.run(`INSERT INTO sale_numbers (user_id, seq, sale_id) ${SALE_NUMBERING}`, range);
  }
  for (const range of ranges) await db.run(fill(TEAM_TOTAL_COLUMNS, TEAM_TOTALS), range);
  await db.run(`INSERT INTO sales_volume (period, number) ${SALES_VOLUME}`);
}
