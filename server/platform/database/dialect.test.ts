import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { postgresValues, schemaForPostgres, toPostgres, toSqlite } from './dialect';

describe('toPostgres', () => {
  it('numbers ? placeholders in order', () => {
    expect(toPostgres('SELECT * FROM users WHERE id = ? AND status = ?')).toEqual({
      text: 'SELECT * FROM users WHERE id = $1 AND status = $2',
      names: [],
    });
  });

  it('gives a name used twice the same number, and fills values by name', () => {
    const statement = toPostgres(
      'UPDATE users SET balance = balance + @amount WHERE id = @id AND balance + @amount >= 0',
    );
    expect(statement.text).toBe('UPDATE users SET balance = balance + $1 WHERE id = $2 AND balance + $1 >= 0');
    expect(postgresValues(statement, { id: 7, amount: -250 })).toEqual([-250, 7]);
  });

  it('leaves string literals, quoted names and comments alone', () => {
    const statement = toPostgres(`SELECT order_no || ' @ ' || '?' AS "a?b", 'it''s @x' -- a comment with ? and @y
      FROM t WHERE id = @id`);
    expect(statement.text).toBe(`SELECT order_no || ' @ ' || '?' AS "a?b", 'it''s @x' 
      FROM t WHERE id = $1`);
    expect(statement.names).toEqual(['id']);
  });

  it('refuses a missing named value and a statement mixing both styles', () => {
    expect(() => postgresValues(toPostgres('SELECT @a, @b'), { a: 1 })).toThrow('@b');
    expect(() => toPostgres('SELECT ? , @a')).toThrow('mixes');
  });
});

describe('what the placeholder rewrite leaves alone or refuses (both engines)', () => {
  const rewrites = [toPostgres, toSqlite] as const;

  it('skips block comments, dropping them for a space', () => {
    expect(toPostgres('SELECT a/* ? @x ' + "it's */FROM t WHERE id = ? -- ?\n AND k = ?")).toEqual({
      text: 'SELECT a FROM t WHERE id = $1 \n AND k = $2',
      names: [],
    });
    expect(toSqlite('SELECT /* ? */ a FROM t WHERE id = ?')).toBe('SELECT   a FROM t WHERE id = +?');
    for (const rewrite of rewrites) {
      expect(() => rewrite('SELECT /* a /* ? */ */ ?')).toThrow('/* comment inside another');
      expect(() => rewrite('SELECT ? /* ?')).toThrow('unterminated /* comment');
    }
  });

  it("refuses PostgreSQL's E'…' and U&'…' strings, which SQLite reads otherwise, whatever they hold", () => {
    for (const rewrite of rewrites) {
      expect(() => rewrite("SELECT E'it\\'s ?', ? FROM t")).toThrow("PostgreSQL alone reads E'…' as a string");
      expect(() => rewrite("SELECT a FROM t WHERE b = e'\\n' AND c = ?")).toThrow("reads e'…'");
      expect(() => rewrite("SELECT U&'d\\0061t?' FROM t")).toThrow("reads U&'…' as a string");
    }
    // A word that ends in e before a quote is not a prefix.
    expect(toPostgres("SELECT a FROM t WHERE type='x' AND b = ?").text).toBe(
      "SELECT a FROM t WHERE type='x' AND b = $1",
    );
  });

  it('refuses dollar-quoted strings, and leaves $ inside a name or before a digit alone', () => {
    for (const rewrite of rewrites) {
      expect(() => rewrite('SELECT $$ ? $$, ?')).toThrow('PostgreSQL alone reads $$ as a string quote');
      expect(() => rewrite('SELECT $body$ @x $body$')).toThrow('reads $body$');
    }
    expect(toPostgres('SELECT a$b$ FROM t WHERE id = ?').text).toBe('SELECT a$b$ FROM t WHERE id = $1');
  });

  it("refuses jsonb's ?, ?| and ?& rather than numbering them, and takes every ? that can be a value", () => {
    for (const rewrite of rewrites) {
      for (const operator of [
        "SELECT id FROM t WHERE data ? 'key'",
        "SELECT id FROM t WHERE data ?| array['a', 'b']",
        "SELECT id FROM t WHERE data ?& array['a']",
        "SELECT id FROM t WHERE data->'k' ? ?",
        'SELECT id FROM t WHERE (data) ? key_name',
        'SELECT id FROM t WHERE "data" ? key_name',
        'SELECT id FROM t WHERE data ? /* a key */ @key',
        'SELECT id FROM t WHERE data ?(k)',
      ]) {
        expect(() => rewrite(operator), operator).toThrow("never jsonb's operator");
      }
    }
    // Between two bare names a ? can be either; read as a value, it leaves no statement SQLite
    // (nor PostgreSQL) prepares.
    const connection = new Database(':memory:');
    connection.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, data TEXT, key_name TEXT)');
    expect(() => connection.prepare(toSqlite('SELECT id FROM t WHERE data ? key_name'))).toThrow('syntax error');
    connection.close();
    expect(
      toPostgres("SELECT ? || 'x' AS a, 'y' || ? AS b, (?) AS c, ? AS d FROM t WHERE n IN (?, ?) LIMIT ?").text,
    ).toBe("SELECT $1 || 'x' AS a, 'y' || $2 AS b, ($3) AS c, $4 AS d FROM t WHERE n IN ($5, $6) LIMIT $7");
  });
});

describe('toSqlite', () => {
  it('puts every placeholder behind a unary plus, outside literals, quoted names and comments', () => {
    expect(
      toSqlite(`SELECT '?' AS "a?b", 'it''s @x' FROM t -- ? and @y
      JOIN u ON u.id = t.u WHERE t.k = ? AND t.n IN (?, ?) LIMIT ? OFFSET ?`),
    ).toBe(`SELECT '?' AS "a?b", 'it''s @x' FROM t 
      JOIN u ON u.id = t.u WHERE t.k = +? AND t.n IN (+?, +?) LIMIT +? OFFSET +?`);
    expect(toSqlite('UPDATE users SET balance = balance + @amount WHERE id = @id')).toBe(
      'UPDATE users SET balance = balance + +@amount WHERE id = +@id',
    );
  });

  it('answers as the bare statement does, affinity included, and keeps using the index', () => {
    const connection = new Database(':memory:');
    connection.exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, k TEXT NOT NULL, n INTEGER NOT NULL);
      CREATE INDEX t_k ON t(k);
      INSERT INTO t (k, n) VALUES ('7', 7), ('7.0', 70), ('x', 8), ('y', 9);`);
    const cases: [string, unknown[]][] = [
      ['SELECT id FROM t WHERE k = ?', [7]],
      ['SELECT id FROM t WHERE k = ?', ['7']],
      ['SELECT id FROM t WHERE n = ?', ['8']],
      ['SELECT id FROM t WHERE n = ?', [8]],
      ['SELECT id FROM t WHERE k > ? ORDER BY id LIMIT ? OFFSET ?', ['7', 2, 1]],
      ['SELECT id FROM t WHERE n > @least ORDER BY id LIMIT @most', [{ least: 7, most: 1 }]],
      ['SELECT ? AS blank, ? AS text, ? || ? AS joined', [null, 'a', 1, 'b']],
    ];
    for (const [sql, values] of cases) {
      const bare = connection.prepare(sql).all(...values);
      expect(connection.prepare(toSqlite(sql)).all(...values), sql).toEqual(bare);
      expect(bare.length, `${sql} finds something`).toBeGreaterThan(0);
    }
    const plan = connection.prepare(`EXPLAIN QUERY PLAN ${toSqlite('SELECT id FROM t WHERE k = ?')}`).all('x') as {
      detail: string;
    }[];
    expect(plan.map((step) => step.detail)).toEqual(['SEARCH t USING COVERING INDEX t_k (k=?)']);
    connection.close();
  });
});

describe('schemaForPostgres', () => {
  it('translates keys (AUTOINCREMENT ones too), integers, text comparison and NOCASE', () => {
    const translated = schemaForPostgres(`
  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    account TEXT NOT NULL UNIQUE COLLATE NOCASE,
    balance INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
  ) WITHOUT ROWID;
  ALTER TABLE uploads ADD COLUMN content BLOB;
  CREATE TABLE events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    payload TEXT NOT NULL
  );`);
    expect(translated).toContain('id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,');
    expect(translated).toContain('account TEXT NOT NULL UNIQUE COLLATE nocase,');
    expect(translated).toContain('balance BIGINT NOT NULL DEFAULT 0,');
    expect(translated).toContain('created_at TEXT COLLATE "C" NOT NULL');
    expect(translated).toContain('  );');
    expect(translated).toContain('ADD COLUMN content BYTEA;');
    expect(translated).not.toContain('AUTOINCREMENT');
    expect(translated.match(/id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,/g)).toHaveLength(2);
  });

  it('translates the words only, never inside strings, quoted names or comments', () => {
    const schema = `
  -- an INTEGER PRIMARY KEY, in words
  CREATE TABLE notes (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL DEFAULT 'INTEGER value' CHECK (kind IN ('BLOB', 'x) WITHOUT ROWID;')),
    /* a BLOB, one day */ size INTEGER NOT NULL,
    "INTEGER" TEXT,
    body TEXT NOT NULL DEFAULT 'COLLATE NOCASE'
  );`;
    expect(schemaForPostgres(schema)).toBe(`
  -- an INTEGER PRIMARY KEY, in words
  CREATE TABLE notes (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    kind TEXT COLLATE "C" NOT NULL DEFAULT 'INTEGER value' CHECK (kind IN ('BLOB', 'x) WITHOUT ROWID;')),
    /* a BLOB, one day */ size BIGINT NOT NULL,
    "INTEGER" TEXT,
    body TEXT COLLATE "C" NOT NULL DEFAULT 'COLLATE NOCASE'
  );`);
  });

  it('refuses what SQLite and PostgreSQL would read differently', () => {
    expect(() => schemaForPostgres("CREATE TABLE t (a TEXT DEFAULT E'\\n')")).toThrow("reads E'…'");
    expect(() => schemaForPostgres('CREATE TABLE t (a TEXT DEFAULT $$x$$)')).toThrow('reads $$');
    expect(() => schemaForPostgres('CREATE TABLE t (a /* b /* c */ */ TEXT)')).toThrow('inside another');
  });
});
