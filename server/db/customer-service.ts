import type { ContactChannelType } from '../../contract/rules';
import type { SqlRunner } from './database';

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
  };
}
