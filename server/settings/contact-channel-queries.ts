import type { ContactChannelType } from '../../contract/rules';
import type { SqlRunner } from '../platform/database/sql';

export interface NewContactChannel {
  name: string;
  type: ContactChannelType;
  url: string;
  created_at: string;
}

export interface ContactChannelRow extends NewContactChannel {
  id: number;
}

export function customerServiceQueries(db: SqlRunner) {
  return {
    insert: (entry: NewContactChannel) =>
      db.insert('INSERT INTO contact_channels (name, type, url, created_at) VALUES (@name, @type, @url, @created_at)', {
        ...entry,
      }),
    all: () => db.all<ContactChannelRow>('SELECT * FROM contact_channels ORDER BY id'),
    /** The first `limit` channels, as customers see them. */
    first: (limit: number) => db.all<ContactChannelRow>('SELECT * FROM contact_channels ORDER BY id LIMIT ?', [limit]),
    byId: (id: number) => db.get<ContactChannelRow>('SELECT * FROM contact_channels WHERE id = ?', [id]),
    update: async (id: number, entry: Omit<NewContactChannel, 'created_at'>) =>
      (await db.run('UPDATE contact_channels SET name = @name, type = @type, url = @url WHERE id = @id', {
        id,
        ...entry,
      })) === 1,
    remove: async (id: number) => (await db.run('DELETE FROM contact_channels WHERE id = ?', [id])) === 1,
  };
}

declare module '../platform/database/queries' {
  interface Queries {
    readonly customerService: ReturnType<typeof customerServiceQueries>;
  }
}
