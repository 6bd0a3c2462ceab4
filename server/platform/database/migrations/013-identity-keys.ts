import { identityKey } from '../identity-keys';
import { MigrationError, type MigrationRunner, type MigrationSteps } from '../migration';

/**
 * Account names, e-mail addresses and operator names are compared by a key of our own
 * (server/platform/database/identity-keys.ts), byte by byte, never by a collation: PostgreSQL's
 * case-insensitive ICU collation also took look-alikes from other scripts and widths for one
 * address. The raw columns keep their values; PostgreSQL's compare as bytes from now on.
 */
export default {
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
} satisfies MigrationSteps;

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
