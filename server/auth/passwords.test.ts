import { describe, expect, it } from 'vitest';
import { PASSWORD_COST, UNKNOWN_USER_HASH, hashPassword, verifyPassword } from './passwords';

describe('password hashes', () => {
  it('are made at the full cost by default, the decoy for unknown accounts included', () => {
    expect(PASSWORD_COST).toEqual({ N: 16_384, r: 8, p: 1 });
    // Made as the module loaded, before the tests' set-up lowered the cost of new hashes.
    expect(UNKNOWN_USER_HASH).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
  });

  it('check a password against a hash of either cost, since each hash names its own', async () => {
    const cheap = await hashPassword('Secret123');
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('Secret123', cheap)).toBe(true);
    expect(await verifyPassword('Secret124', cheap)).toBe(false);
    expect(await verifyPassword('Secret123', UNKNOWN_USER_HASH)).toBe(false);
    const full = cheap.replace(/^scrypt\$1024\$/, 'scrypt$16384$');
    expect(await verifyPassword('Secret123', full)).toBe(false);
  });
});
