import type { Db } from './database';

export interface NewProduct {
  name: string;
  rate: number;
  days: number;
  min_amount: number;
  max_amount: number;
  created_at: string;
}

export function lixibaoQueries(db: Db) {
  const insertProduct = db.prepare<NewProduct>(`
    INSERT INTO products (name, rate, days, min_amount, max_amount, created_at)
    VALUES (@name, @rate, @days, @min_amount, @max_amount, @created_at)
  `);
  return {
    insertProduct: (product: NewProduct) => Number(insertProduct.run(product).lastInsertRowid),
  };
}
