import type { Migration } from '../migration';

export default `
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
  ` satisfies Migration;
