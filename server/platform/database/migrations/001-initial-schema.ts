import type { Migration } from '../migration';

/**
 * The first schema: customers and their sessions, the ledger and the audit log, recharges,
 * withdrawals, the hall's offers and sales, and interest products.
 *
 * Money columns hold integer cents. Rates hold basis points of an annual percentage.
 */
export default `
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
  ` satisfies Migration;
