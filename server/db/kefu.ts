import type { KefuType } from '../../contract/rules';
import type { Db } from './database';

export interface NewKefu {
  name: string;
  type: KefuType;
  url: string;
  created_at: string;
}

export interface KefuRow extends NewKefu {
  id: number;
}

export function kefuQueries(db: Db) {
  const insert = db.prepare<NewKefu>(
    'INSERT INTO kefu (name, type, url, created_at) VALUES (@name, @type, @url, @created_at)',
  );
  const all = db.prepare<[], KefuRow>('SELECT * FROM kefu ORDER BY id');
  return {
    insert: (entry: NewKefu) => Number(insert.run(entry).lastInsertRowid),
    all: () => all.all(),
  };
}
