import type { SqlParams, SqlValue } from './sql';

/** A statement rewritten for PostgreSQL: `$n` placeholders and how to fill them. */
export interface PostgresStatement {
  text: string;
  /** For `@name` parameters: the name behind each `$n`; empty for `?` parameters. */
  names: readonly string[];
}

/**
 * Rewrites `?` and `@name` placeholders into PostgreSQL's `$1, $2…`, leaving string literals and
 * quoted names alone and dropping comments. A name used twice becomes the same `$n`.
 */
export function toPostgres(sql: string): PostgresStatement {
  const names: string[] = [];
  let positional = 0;
  const text = rewritePlaceholders(sql, (name) => {
    if (name === undefined) {
      positional += 1;
      return `$${positional}`;
    }
    let position = names.indexOf(name);
    if (position === -1) position = names.push(name) - 1;
    return `$${position + 1}`;
  });
  if (positional > 0 && names.length > 0) throw new Error(`a statement mixes ? and @name: ${sql}`);
  return { text, names };
}

/**
 * A statement as SQLite is given it: each placeholder behind a unary plus, which leaves its value
 * and affinity as they are and an index on the other side usable. Without it SQLite's planner
 * reads a bare `?` for hints (a `LIMIT ?`, an equality it may weigh, a join's terms) and marks
 * the statement to be compiled again whenever its values are bound anew, which better-sqlite3
 * does on every call: a join cost 5–8 times its run in compiling alone. With it, a statement is
 * planned once, for any values, as PostgreSQL's prepared statements are.
 */
export function toSqlite(sql: string): string {
  return rewritePlaceholders(sql, (name) => (name === undefined ? '+?' : `+@${name}`));
}

type PieceKind = 'code' | 'string' | 'quoted name' | 'line comment' | 'block comment';

interface Piece {
  kind: PieceKind;
  text: string;
}

/** A letter, digit, `_` or `$` just before a quote makes it part of a word, not a string's prefix. */
const WORD_CHARACTER = /[\p{L}\p{N}_$]/u;
/** PostgreSQL's strings with a prefix: E'…' (backslash escapes) and U&'…' (Unicode escapes), U&"…" too. */
const PREFIXED_STRING = /[Ee]'|[Uu]&['"]/y;
/** PostgreSQL's dollar quote: `$$` or `$tag$`. (`$1` is a parameter, not a quote.) */
const DOLLAR_QUOTE = /\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/y;

/**
 * `sql` cut into code and what is not code: '…' strings (a doubled quote stands for one), "…"
 * names, comments to the end of the line, and block comments. Every statement here runs on both
 * engines, so what SQLite and PostgreSQL read differently is refused rather than guessed at:
 * PostgreSQL's E'…' and U&'…' strings (SQLite reads the letter as a name, and a backslash as
 * itself), its dollar-quoted strings (SQLite reads `$name` as a parameter) and a block comment
 * inside another (PostgreSQL nests them; SQLite ends both at the first closing mark).
 */
function piecesOf(sql: string): Piece[] {
  const pieces: Piece[] = [];
  let code = '';
  let index = 0;
  const take = (kind: PieceKind, end: number) => {
    if (code) pieces.push({ kind: 'code', text: code });
    code = '';
    pieces.push({ kind, text: sql.slice(index, end) });
    index = end;
  };
  while (index < sql.length) {
    const char = sql[index] ?? '';
    const next = sql[index + 1];
    const startsWord = !WORD_CHARACTER.test(sql[index - 1] ?? '');
    PREFIXED_STRING.lastIndex = index;
    DOLLAR_QUOTE.lastIndex = index;
    if (char === "'") {
      take('string', closingQuote(sql, index, "'"));
    } else if (char === '"') {
      take('quoted name', closingQuote(sql, index, '"'));
    } else if (char === '-' && next === '-') {
      const end = sql.indexOf('\n', index);
      take('line comment', end === -1 ? sql.length : end);
    } else if (char === '/' && next === '*') {
      take('block comment', closingComment(sql, index));
    } else if (startsWord && PREFIXED_STRING.test(sql)) {
      const prefix = sql.slice(index, PREFIXED_STRING.lastIndex);
      throw new Error(
        `PostgreSQL alone reads ${prefix}…${prefix.at(-1) ?? ''} as a string (SQLite does not): ` +
          `pass the value as a parameter, in: ${sql}`,
      );
    } else if (startsWord && DOLLAR_QUOTE.test(sql)) {
      throw new Error(
        `PostgreSQL alone reads ${sql.slice(index, DOLLAR_QUOTE.lastIndex)} as a string quote (SQLite reads ` +
          `a parameter): use '…', in: ${sql}`,
      );
    } else {
      code += char;
      index += 1;
    }
  }
  if (code) pieces.push({ kind: 'code', text: code });
  return pieces;
}

function closingQuote(sql: string, start: number, quote: string): number {
  let index = start + 1;
  while (index < sql.length) {
    if (sql[index] === quote) {
      // A doubled quote is an escaped one inside the literal.
      if (sql[index + 1] === quote) index += 2;
      else return index + 1;
    } else {
      index += 1;
    }
  }
  throw new Error(`unterminated quote in: ${sql}`);
}

function closingComment(sql: string, start: number): number {
  const end = sql.indexOf('*/', start + 2);
  if (end === -1) throw new Error(`unterminated /* comment in: ${sql}`);
  if (sql.slice(start + 2, end).includes('/*')) {
    throw new Error(`a /* comment inside another ends at the first */ on SQLite but not on PostgreSQL, in: ${sql}`);
  }
  return end + 2;
}

const PLACEHOLDER = /\?|@([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * `sql` with each `?` and `@name` outside literals, quoted names and comments replaced (`name` is
 * undefined for `?`), and its comments dropped (a block comment leaves a space, so that the words
 * on either side stay apart). A `?` stands for a value, as in SQLite: PostgreSQL's jsonb
 * operators `?`, `?|` and `?&` cannot be written here (jsonb_exists, jsonb_exists_any and
 * jsonb_exists_all can), and a `?` where only an operator fits is refused rather than numbered.
 */
function rewritePlaceholders(sql: string, replace: (name: string | undefined) => string): string {
  const pieces = piecesOf(sql);
  return pieces
    .map((piece, at) => {
      if (piece.kind === 'line comment') return '';
      if (piece.kind === 'block comment') return ' ';
      if (piece.kind !== 'code') return piece.text;
      return piece.text.replace(PLACEHOLDER, (_placeholder: string, name: string | undefined, offset: number) => {
        if (name !== undefined) return replace(name);
        const operator = jsonbOperator(pieces, at, offset);
        if (operator) {
          throw new Error(
            `${operator} stands where only an operator fits, and a ? here is always a placeholder, never jsonb's ` +
              `operator: use jsonb_exists, jsonb_exists_any or jsonb_exists_all, in: ${sql}`,
          );
        }
        return replace(undefined);
      });
    })
    .join('');
}

/**
 * What shows the `?` at `offset` of code piece `at` to be an operator rather than a value: written
 * together with jsonb's `|` or `&` (not the `||` of strings), or with a value right after it (a
 * string, a placeholder, an opening bracket) or right before it (a string, a quoted name, a
 * closing bracket, a placeholder). Undefined when it can be a value.
 */
function jsonbOperator(pieces: readonly Piece[], at: number, offset: number): string | undefined {
  const code = pieces[at]?.text ?? '';
  const joined = /^\?(\|(?!\|)|&(?!&))/.exec(code.slice(offset));
  if (joined) return `\`${joined[0]}\``;
  const after = significant(pieces, at, code.slice(offset + 1), 1);
  const before = significant(pieces, at, code.slice(0, offset), -1);
  const valueAfter = after === "'" || after === '?' || after === '@' || after === '(';
  const valueBefore = before === "'" || before === '"' || before === ')' || before === '?';
  return valueAfter || valueBefore ? '`?`' : undefined;
}

/**
 * The first character that counts after (`direction` 1) or before (-1) a place in code piece
 * `at`, whose own text on that side is `rest`: comments and spaces do not count, a string counts
 * as its quote and a quoted name as `"`.
 */
function significant(pieces: readonly Piece[], at: number, rest: string, direction: 1 | -1): string | undefined {
  const trimmed = direction === 1 ? rest.trimStart() : rest.trimEnd();
  if (trimmed) return direction === 1 ? trimmed[0] : trimmed.at(-1);
  for (let index = at + direction; index >= 0 && index < pieces.length; index += direction) {
    const piece = pieces[index];
    if (!piece || piece.kind === 'line comment' || piece.kind === 'block comment') continue;
    if (piece.kind === 'string') return "'";
    if (piece.kind === 'quoted name') return '"';
    const text = direction === 1 ? piece.text.trimStart() : piece.text.trimEnd();
    if (text) return direction === 1 ? text[0] : text.at(-1);
  }
  return undefined;
}

/** The values for a rewritten statement, in `$n` order. */
export function postgresValues(statement: PostgresStatement, params: SqlParams | undefined): SqlValue[] {
  if (params === undefined) return [];
  if (isPositional(params)) return [...params];
  return statement.names.map((name) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing parameter @${name}`);
    return value;
  });
}

function isPositional(params: SqlParams): params is readonly SqlValue[] {
  return Array.isArray(params);
}

/**
 * The schema's SQLite DDL in PostgreSQL's words. The migrations are written for SQLite and
 * translated, so there is one schema: 64-bit integers everywhere (money in cents outgrows 32
 * bits), identity keys for `INTEGER PRIMARY KEY` (they never reuse an id, which is all that
 * AUTOINCREMENT asks of SQLite), byte-wise text comparison (SQLite's default; the ISO timestamps
 * and codes compare as in SQLite whatever the database's locale) and a case-insensitive
 * collation where SQLite says NOCASE.
 */
export function schemaForPostgres(sql: string): string {
  // Strings, quoted names and comments stand aside as numbered marks while the words are
  // translated, so that a DEFAULT 'INTEGER value' keeps its text.
  const pieces = piecesOf(sql);
  const marked = pieces.map((piece, index) => (piece.kind === 'code' ? piece.text : `\uE000${index}\uE001`)).join('');
  return marked
    .split('\n')
    .map((line) => {
      let out = line
        .replace(/\bINTEGER PRIMARY KEY( AUTOINCREMENT)?\b/g, 'BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY')
        .replace(/\bINTEGER\b/g, 'BIGINT')
        .replace(/\bBLOB\b/g, 'BYTEA')
        .replace(/\)\s*WITHOUT ROWID;/g, ');');
      out = /COLLATE NOCASE/.test(out)
        ? out.replace(/COLLATE NOCASE/g, 'COLLATE nocase')
        : out.replace(/^(\s*\w+ TEXT)\b/, '$1 COLLATE "C"');
      return out;
    })
    .join('\n')
    .replace(/\uE000(\d+)\uE001/g, (_mark, index: string) => pieces[Number(index)]?.text ?? '');
}

/** Created before the first migration on PostgreSQL: what SQLite calls NOCASE. */
export const POSTGRES_PRELUDE = `
  CREATE COLLATION IF NOT EXISTS nocase (provider = icu, locale = 'und-u-ks-level2', deterministic = false);
`;
