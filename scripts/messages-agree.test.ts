import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { WireLanguage } from '../contract/rules';
import { translate, type MessageKey } from '../server/platform/i18n';
import { en } from '../server/platform/i18n/en';

/**
 * The app's catalogs and the server's say some of the same things (the app checks a form before
 * sending it; the server checks it again and answers in the customer's language). Where the
 * English is the same, every language must be the same too, or a customer would read one thing
 * from the screen and another from the toast.
 */
const LOCALES: Record<string, WireLanguage> = {
  en: 'en',
  de: 'de',
  es: 'xby',
  fr: 'fayu',
  pt: 'pty',
  ja: 'ja',
  'zh-Hans': 'zh-Hans',
  'zh-Hant': 'zh-Hant',
};

/** msgid → msgstr of a .po file (single- and multi-line strings). */
function readPo(file: string): Map<string, string> {
  const entries = new Map<string, string>();
  let field: 'msgid' | 'msgstr' | undefined;
  let id = '';
  let text = '';
  const flush = () => {
    if (id) entries.set(id, text);
    id = '';
    text = '';
  };
  const unquote = (quoted: string) => JSON.parse(quoted) as string;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const start = /^(msgid|msgstr) (".*")$/.exec(line);
    if (start) {
      if (start[1] === 'msgid') flush();
      field = start[1] as 'msgid' | 'msgstr';
      if (field === 'msgid') id = unquote(start[2] ?? '""');
      else text = unquote(start[2] ?? '""');
    } else if (/^".*"$/.test(line) && field) {
      if (field === 'msgid') id += unquote(line);
      else text += unquote(line);
    } else if (line.trim() === '') {
      field = undefined;
    }
  }
  flush();
  return entries;
}

/** Placeholders are named on the server and numbered in Lingui: compare the words around them. */
const words = (text: string) => text.replace(/\{[^}]*\}/g, '{}');

function appCatalog(locale: string): Map<string, string> {
  const all = new Map<string, string>();
  for (const dir of ['messages', path.join('messages', 'pages')]) {
    for (const [id, text] of readPo(path.join(dir, `${locale}.po`))) all.set(words(id), words(text || id));
  }
  return all;
}

describe('messages said by both the app and the server', () => {
  const english = appCatalog('en');
  const shared = (Object.keys(en) as MessageKey[]).filter((key) => english.has(words(en[key])));

  it('exist (the check has something to compare)', () => {
    expect(shared.length).toBeGreaterThan(3);
  });

  it('read the same in every language', () => {
    const differences: string[] = [];
    for (const [locale, wire] of Object.entries(LOCALES)) {
      const app = appCatalog(locale);
      for (const key of shared) {
        const server = words(translate(wire, key, {}));
        const screen = app.get(words(en[key]));
        if (screen !== server) differences.push(`${locale} ${key}: app "${screen}" / server "${server}"`);
      }
    }
    expect(differences).toEqual([]);
  });
});
