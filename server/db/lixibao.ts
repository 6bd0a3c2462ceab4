import type { InterestOrderState } from '../../contract/rules';
import type { Db } from './database';

export interface NewProduct {
  name: string;
  rate: number;
  days: number;
  min_amount: number;
  max_amount: number;
  created_at: string;
}

export interface ProductRow extends NewProduct {
  id: number;
}

export interface InterestOrderRow {
  id: number;
  user_id: number;
  product_id: number;
  name: string;
  number: number;
  rate: number;
  days: number;
  interest: number;
  started_at: string;
  expires_at: string;
  state: InterestOrderState;
  paid_at: string | null;
}

export type NewInterestOrder = Omit<InterestOrderRow, 'id' | 'state' | 'paid_at'>;

export function lixibaoQueries(db: Db) {
  const insertProduct = db.prepare<NewProduct>(`
    INSERT INTO products (name, rate, days, min_amount, max_amount, created_at)
    VALUES (@name, @rate, @days, @min_amount, @max_amount, @created_at)
  `);
  const productById = db.prepare<[number], ProductRow>('SELECT * FROM products WHERE id = ?');
  const productsPage = db.prepare<[number, number], ProductRow>(
    'SELECT * FROM products ORDER BY days, id LIMIT ? OFFSET ?',
  );
  const productCount = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM products');
  const insertOrder = db.prepare<NewInterestOrder>(`
    INSERT INTO interest_orders (user_id, product_id, name, number, rate, days, interest, started_at, expires_at)
    VALUES (@user_id, @product_id, @name, @number, @rate, @days, @interest, @started_at, @expires_at)
  `);
  const orderById = db.prepare<[number], InterestOrderRow>('SELECT * FROM interest_orders WHERE id = ?');
  const ordersPage = db.prepare<[number, number, number], InterestOrderRow>(
    'SELECT * FROM interest_orders WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?',
  );
  const orderCount = db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM interest_orders WHERE user_id = ?');
  const due = db.prepare<[string, number], InterestOrderRow>(
    "SELECT * FROM interest_orders WHERE state = 'holding' AND expires_at <= ? ORDER BY expires_at, id LIMIT ?",
  );
  const markPaid = db.prepare<[string, number]>(
    "UPDATE interest_orders SET state = 'done', paid_at = ? WHERE id = ? AND state = 'holding'",
  );
  return {
    insertProduct: (product: NewProduct) => Number(insertProduct.run(product).lastInsertRowid),
    productById: (id: number) => productById.get(id),
    productsPage: (limit: number, offset: number) => productsPage.all(limit, offset),
    productCount: () => productCount.get()?.n ?? 0,
    insertOrder: (order: NewInterestOrder) => Number(insertOrder.run(order).lastInsertRowid),
    orderById: (id: number) => orderById.get(id),
    ordersPage: (userId: number, limit: number, offset: number) => ordersPage.all(userId, limit, offset),
    orderCount: (userId: number) => orderCount.get(userId)?.n ?? 0,
    /** Holdings whose term has ended by `now`, oldest first. */
    due: (now: string, limit: number) => due.all(now, limit),
    /** Marks a holding paid; false when it was already paid (so it is never paid twice). */
    markPaid: (id: number, at: string) => markPaid.run(at, id).changes === 1,
  };
}
