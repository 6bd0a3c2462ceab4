import type { Db } from './database';

export interface ReceivingAddressRow {
  type: string;
  address: string;
  min_amount: number;
  position: number;
  updated_at: string;
}

export function rechargeQueries(db: Db) {
  const upsertAddress = db.prepare<ReceivingAddressRow>(`
    INSERT INTO receiving_addresses (type, address, min_amount, position, updated_at)
    VALUES (@type, @address, @min_amount, @position, @updated_at)
    ON CONFLICT (type) DO UPDATE SET address = excluded.address, updated_at = excluded.updated_at
  `);
  const addresses = db.prepare<[], ReceivingAddressRow>('SELECT * FROM receiving_addresses ORDER BY position, type');
  const nextPosition = db.prepare<[], { n: number }>(
    'SELECT COALESCE(MAX(position), 0) + 1 AS n FROM receiving_addresses',
  );
  return {
    upsertAddress: (row: ReceivingAddressRow) => upsertAddress.run(row),
    addresses: () => addresses.all(),
    nextPosition: () => nextPosition.get()?.n ?? 1,
  };
}
