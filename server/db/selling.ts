import type { Db } from './database';

export interface NewMerchant {
  name: string;
  avatar: string;
  completion_rate: number;
  orders_count: number;
  created_at: string;
}

export interface NewOffer {
  order_no: string;
  merchant_id: number;
  unit_price: number;
  currency: string;
  quantity: number;
  min_number: number;
  max_number: number;
  created_at: string;
}

export function sellingQueries(db: Db) {
  const insertMerchant = db.prepare<NewMerchant>(`
    INSERT INTO merchants (name, avatar, completion_rate, orders_count, created_at)
    VALUES (@name, @avatar, @completion_rate, @orders_count, @created_at)
  `);
  const insertOffer = db.prepare<NewOffer>(`
    INSERT INTO offers (order_no, merchant_id, unit_price, currency, quantity, remaining, min_number, max_number, created_at)
    VALUES (@order_no, @merchant_id, @unit_price, @currency, @quantity, @quantity, @min_number, @max_number, @created_at)
  `);
  return {
    insertMerchant: (merchant: NewMerchant) => Number(insertMerchant.run(merchant).lastInsertRowid),
    insertOffer: (offer: NewOffer) => Number(insertOffer.run(offer).lastInsertRowid),
  };
}
