import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { serverBusy } from '../platform/http/errors';

const KEY_LENGTH = 64;
const MAX_MEMORY = 64 * 1024 * 1024;
/** What every password is hashed at: 16 MiB and about 60 ms of one core here. */
export const PASSWORD_COST = { N: 16_384, r: 8, p: 1 } as const;
/** A sixteenth of it, for the server's tests only (see useTestPasswordCost). */
const TEST_COST = { N: 1024, r: 8, p: 1 } as const;
let cost: { N: number; r: number; p: number } = PASSWORD_COST;

/**
 * For the server's own tests, run in-process (server/testing/test-hashes.ts): new passwords are
 * hashed at a sixteenth of the cost. Their hashing was otherwise half the CPU of those tests (the
 * route tests on SQLite: 55 s against 29 s). A stored hash names its own cost, so checking a
 * password against one works the same at either, and UNKNOWN_USER_HASH below, made as this
 * module loads, keeps the full cost. Nothing in the server calls this (lint forbids it outside
 * tests); servers in processes of their own, as the browser suite and the cluster tests start
 * them, always hash at the full cost.
 */
export function useTestPasswordCost(): void {
  cost = TEST_COST;
}

/**
 * Hashes running at once in this process. scrypt runs on libuv's thread pool (four threads unless
 * UV_THREADPOOL_SIZE says otherwise), which also reads the static files and the uploads: with two
 * hashes at most, the other threads stay free, so a flood of sign-ins cannot hold up the app for
 * everyone else. The thread pool belongs to the process, so the count does too.
 */
let maxHashesAtOnce = 2;
let hashesRunning = 0;

export function limitHashesAtOnce(max: number): void {
  maxHashesAtOnce = Math.max(1, max);
}

/** One of the hashes that may run at once, taken: a check made in it waits for no other. */
export interface HashSlot {
  verify(password: string, stored: string): Promise<boolean>;
  release(): void;
}

/**
 * Takes one of the hashes that may run at once for a password check still to come, or throws
 * "busy" at once when none is free: a caller that would record the guess first (a write, and on
 * SQLite a flush of the disk on the event loop) takes its slot before, so a flood past the slots
 * costs no write at all.
 */
export function holdHashSlot(): HashSlot {
  if (hashesRunning >= maxHashesAtOnce) throw serverBusy();
  hashesRunning += 1;
  let held = true;
  return {
    verify: (password, stored) => checkAgainst(password, stored, scryptOf),
    release() {
      if (held) hashesRunning -= 1;
      held = false;
    },
  };
}

function scryptOf(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  const slot = holdHashSlot();
  return scryptOf(password, salt, options).finally(() => slot.release());
}

/** `scrypt$N$r$p$salt$hash`, both base64url; the parameters travel with the hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = cost;
  const key = await derive(password, salt, { N, r, p, maxmem: MAX_MEMORY });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export function verifyPassword(password: string, stored: string): Promise<boolean> {
  return checkAgainst(password, stored, derive);
}

async function checkAgainst(
  password: string,
  stored: string,
  hashWith: (password: string, salt: Buffer, options: ScryptOptions) => Promise<Buffer>,
): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await hashWith(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEMORY,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash nobody's password matches, checked when the account does not exist so that timing
 * does not tell whether it does. */
export const UNKNOWN_USER_HASH = await hashPassword(randomBytes(24).toString('base64url'));
