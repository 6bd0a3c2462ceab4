/**
 * i18n completeness: fails when a source string is not in the catalogs yet, a message lacks a
 * translation, a translation drops or invents a placeholder, or a non-English catalog just
 * repeats the English text (allowed only for the product terms below).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const SOURCE_LOCALE = 'en';
const SAME_IN_EVERY_LANGUAGE = new Set(['USDT', 'VIP {level}', 'Wise', 'IBAN', 'SWIFT', 'TRC20', 'ERC20', '{0} USDT']);

function unquote(line) {
  return JSON.parse(line.replace(/^(msgid|msgstr)\s+/, ''));
}

/** Reads msgid/msgstr pairs of a .po file (no plurals or contexts are used here). */
export function parsePo(text) {
  const entries = [];
  let current = null;
  let field = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('msgid ')) {
      current = { msgid: unquote(line), msgstr: '' };
      entries.push(current);
      field = 'msgid';
    } else if (line.startsWith('msgstr ')) {
      if (current) current.msgstr = unquote(line);
      field = 'msgstr';
    } else if (line.startsWith('"') && current && field) {
      current[field] += JSON.parse(line);
    } else if (line === '' || line.startsWith('#')) {
      field = null;
    }
  }
  return entries.filter((entry) => entry.msgid !== '');
}

/** Text with no letters outside its placeholders ("{0}%") reads the same in every language. */
function hasWords(message) {
  return /\p{L}/u.test(message.replace(/\{[^{}]+\}/g, ''));
}

function placeholders(message) {
  return [...message.matchAll(/\{[^{}]+\}/g)]
    .map((match) => match[0])
    .sort()
    .join(' ');
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
/**
 * The catalog folders, each with the app that reads it. One app says one thing one way in each
 * language; the customer app and the operators' console are read by different people and may
 * word the same English differently (the console's "Recharge" names an order, the app's a button).
 */
const APPS = new Map([
  [path.join(root, 'messages'), 'customer'],
  [path.join(root, 'messages', 'pages'), 'customer'],
  [path.join(root, 'messages', 'console'), 'console'],
]);
const dirs = [...APPS.keys()];
const files = dirs.flatMap((dir) =>
  fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.po'))
    .map((file) => path.join(dir, file)),
);
const committed = new Map(files.map((file) => [file, fs.readFileSync(file, 'utf8')]));

// Extract from the source to see what the catalogs should hold, then put the files back as they
// were: the check reports, it never edits the tree.
const extracted = new Map();
try {
  execFileSync('npx', ['lingui', 'extract', '--clean'], { cwd: root, stdio: 'ignore' });
  for (const dir of dirs) {
    extracted.set(
      dir,
      parsePo(fs.readFileSync(path.join(dir, 'en.po'), 'utf8')).map((entry) => entry.msgid),
    );
  }
} finally {
  for (const [file, text] of committed) fs.writeFileSync(file, text);
}

const problems = [];
const translations = new Map();
let counted = 0;
for (const file of files) {
  const locale = path.basename(file, '.po');
  const label = path.relative(root, file);
  const entries = parsePo(committed.get(file) ?? '');
  counted += locale === SOURCE_LOCALE ? entries.length : 0;
  const known = new Set(entries.map((entry) => entry.msgid));
  for (const msgid of extracted.get(path.dirname(file)) ?? []) {
    if (!known.has(msgid)) problems.push(`${label}: not extracted yet: ${JSON.stringify(msgid)}`);
  }
  for (const { msgid, msgstr } of entries) {
    if (locale === SOURCE_LOCALE) continue;
    const key = `${APPS.get(path.dirname(file))}\u0000${locale}\u0000${msgid}`;
    const seen = translations.get(key);
    if (seen !== undefined && seen !== msgstr) {
      problems.push(
        `${label}: ${JSON.stringify(msgid)} is translated two ways: ${JSON.stringify(seen)} / ${JSON.stringify(msgstr)}`,
      );
    }
    translations.set(key, msgstr);
    if (!msgstr) problems.push(`${label}: missing translation of ${JSON.stringify(msgid)}`);
    else if (placeholders(msgstr) !== placeholders(msgid)) {
      problems.push(`${label}: placeholders differ in ${JSON.stringify(msgid)} → ${JSON.stringify(msgstr)}`);
    } else if (msgstr === msgid && !SAME_IN_EVERY_LANGUAGE.has(msgid) && hasWords(msgid)) {
      problems.push(`${label}: left in English: ${JSON.stringify(msgid)}`);
    }
  }
}

if (files.length !== 8 * dirs.length) {
  problems.push(`expected 8 locales × ${dirs.length} catalogs, found ${files.length} files`);
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(
    `\n${problems.length} i18n problem(s). Translate in messages/*.po (npm run i18n:extract adds new strings).`,
  );
  process.exit(1);
}
console.log(`i18n: 8 locales, ${counted} messages in ${dirs.length} catalogs, all translated`);
