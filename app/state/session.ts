import { atom } from 'jotai';
import type { UserInfo } from '../../contract/responses';
import { onStoredChange, readStored, writeStored } from './storage';
import { STORAGE_KEYS } from './storage-keys';

export interface Session extends UserInfo {
  token: string;
}

const SESSION_KEY = STORAGE_KEYS.session;

function isSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.token === 'string' && typeof candidate.id === 'number' && typeof candidate.account === 'string'
  );
}

function readSession(): Session | null {
  const raw = readStored(SESSION_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

const sessionValueAtom = atom<Session | null>(readSession());
sessionValueAtom.onMount = (set) => onStoredChange(SESSION_KEY, () => set(readSession()));

/** The signed-in user and token, kept in localStorage (user info + token, as the seed does). */
export const sessionAtom = atom(
  (get) => get(sessionValueAtom),
  (_get, set, next: Session | null) => {
    writeStored(SESSION_KEY, next ? JSON.stringify(next) : null);
    set(sessionValueAtom, next);
  },
);

export const signedInAtom = atom((get) => get(sessionValueAtom) !== null);
