import type { KefuType } from '../../contract/rules';
import type { SqlRunner } from './database';

export interface NewKefu {
  name: string;
  type: KefuType;
  url: string;
  created_at: string;
}

export interface KefuRow extends NewKefu {
  id: number;
}

export function kefuQueries(db: SqlRunner) {
  return {
    insert: (entry: NewKefu) =>
      db.insert('INSERT INTO kefu (name, type, url, created_at) VALUES (@name, @type, @url, @created_at)', {
        ...entry,
      }),
    all: () => db.all<KefuRow>('SELECT * FROM kefu ORDER BY id'),
  };
}
