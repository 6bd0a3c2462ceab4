import fs from 'node:fs';
import path from 'node:path';

/**
 * The data folder holds what only the server and its operators may read: the SQLite database
 * (operators' password hashes and authenticator secrets, the chain's account keys, customers'
 * data and money) with its -wal and -shm files, the e-mail outbox (sign-in codes) and the
 * uploads from before they moved into the database. Folders there are 0700 and files 0600:
 * nobody but the user the server runs as may read them, whatever the umask.
 */
export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** What the server keeps in the data folder: the database's files, and two folders of files. */
const HOLDERS = ['wallet.db', 'wallet.db-wal', 'wallet.db-shm', 'wallet.db-journal', 'outbox', 'uploads'];

/** Makes `dir` and its missing parents, each new one private; an existing one is left as it is. */
export function makePrivateFolder(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
}

/**
 * Makes `file` empty and private, unless anything has that name already, a link included (even
 * one pointing nowhere): then it changes nothing and says so.
 */
export function createPrivateFile(file: string): boolean {
  try {
    fs.closeSync(fs.openSync(file, 'wx', PRIVATE_FILE_MODE));
    return true;
  } catch (error) {
    if (isCode(error, 'EEXIST')) return false;
    throw error;
  }
}

export interface Tightened {
  path: string;
  /** The permission bits before (undefined when they could not be read) and after (undefined when unchanged). */
  from: number | undefined;
  to: number | undefined;
  /** Why they could not be read or changed (the file belongs to another user than the server's, say). */
  error?: string;
}

/**
 * Takes group and other permissions off the data folder, the database's files, the outbox and the
 * old uploads, and off every file in those two folders: data folders made before this release
 * were 0755 and their files 0644. Says what it changed, and what it could not. Each is changed
 * through a handle opened without following links, so a link in the folder is never followed to
 * a file elsewhere; the data folder itself may be a link (to another disk, say).
 */
export function tightenDataFolder(dataDir: string): Tightened[] {
  const tightened: Tightened[] = [];
  if (!fs.existsSync(dataDir)) return tightened;
  tighten(dataDir, tightened, { followLink: true });
  for (const name of HOLDERS) {
    const entry = path.join(dataDir, name);
    const isFolder = tighten(entry, tightened, { followLink: false });
    if (!isFolder) continue;
    for (const inside of fs.readdirSync(entry)) tighten(path.join(entry, inside), tightened, { followLink: false });
  }
  return tightened;
}

/** Tightens one entry, if it is there and not a link; tells whether it is a folder. */
function tighten(entry: string, tightened: Tightened[], options: { followLink: boolean }): boolean {
  const { O_RDONLY, O_NOFOLLOW, O_NONBLOCK } = fs.constants;
  let handle: number;
  try {
    handle = fs.openSync(entry, O_RDONLY | O_NONBLOCK | (options.followLink ? 0 : O_NOFOLLOW));
  } catch (error) {
    // Not there, or a link (ELOOP): nothing of ours to tighten.
    if (isCode(error, 'ENOENT') || isCode(error, 'ELOOP')) return false;
    tightened.push({ path: entry, from: undefined, to: undefined, error: String(error) });
    return false;
  }
  try {
    const stats = fs.fstatSync(handle);
    const from = stats.mode & 0o7777;
    if (from & 0o077) {
      const to = from & ~0o077;
      try {
        fs.fchmodSync(handle, to);
        tightened.push({ path: entry, from, to });
      } catch (error) {
        tightened.push({ path: entry, from, to: undefined, error: String(error) });
      }
    }
    return stats.isDirectory();
  } finally {
    fs.closeSync(handle);
  }
}

function isCode(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}
