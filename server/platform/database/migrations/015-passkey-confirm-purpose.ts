import type { Migration } from '../migration';

export default `
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
  ` satisfies Migration;
