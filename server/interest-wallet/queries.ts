import type { InterestOrderState } from '../../contract/rules';
import type { SqlRunner } from '../platform/database/sql';

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

export function interestWalletQueries(db: SqlRunner) {
  return {
    insertProduct: (product: NewProduct) =>
      db.insert(
        `INSERT INTO products (name, rate, days, min_amount, max_amount, created_at)
         VALUES (@name, @rate, @days, @min_amount, @max_amount, @created_at)`,
        { ...product },
      ),
    allProducts: () => db.all<ProductRow>('SELECT * FROM products ORDER BY days, id'),
    updateProduct: async (id: number, product: Omit<NewProduct, 'created_at'>) =>
      (await db.run(
        `UPDATE products SET name = @name, rate = @rate, days = @days, min_amount = @min_amount,
           max_amount = @max_amount WHERE id = @id`,
        { id, ...product },
      )) === 1,
    productById: (id: number) => db.get<ProductRow>('SELECT * FROM products WHERE id = ?', [id]),
    productsPage: (limit: number, offset: number) =>
      db.all<ProductRow>('SELECT * FROM products ORDER BY days, id LIMIT ? OFFSET ?', [limit, offset]),
    productCount: async () => (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM products'))?.n ?? 0,
    /** A new deposit: counted, and its amount in the customer's wallet (inside a transaction). */
    insertOrder: async (order: NewInterestOrder) => {
      const id = await db.insert(
        `INSERT INTO interest_orders (user_id, product_id, name, number, rate, days, interest, started_at, expires_at)
         VALUES (@user_id, @product_id, @name, @number, @rate, @days, @interest, @started_at, @expires_at)`,
        { ...order },
      );
      await db.run(
        'UPDATE users SET interest_orders_count = interest_orders_count + 1, wallet = wallet + ? WHERE id = ?',
        [order.number, order.user_id],
      );
      return id;
    },
    orderById: (id: number) => db.get<InterestOrderRow>('SELECT * FROM interest_orders WHERE id = ?', [id]),
    ordersPage: (userId: number, limit: number, offset: number) =>
      db.all<InterestOrderRow>('SELECT * FROM interest_orders WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?', [
        userId,
        limit,
        offset,
      ]),
    orderCount: async (userId: number) =>
      (await db.get<{ n: number }>('SELECT interest_orders_count AS n FROM users WHERE id = ?', [userId]))?.n ?? 0,
    /** Holdings whose term has ended by `now`, oldest first. */
    due: (now: string, limit: number) =>
      db.all<InterestOrderRow>(
        "SELECT * FROM interest_orders WHERE state = 'holding' AND expires_at <= ? ORDER BY expires_at, id LIMIT ?",
        [now, limit],
      ),
    /** Marks a holding paid; false when it was already paid (so it is never paid twice). */
    markPaid: async (id: number, at: string) => {
      const paid = await db.get<{ user_id: number; number: number }>(
        "UPDATE interest_orders SET state = 'done', paid_at = ? WHERE id = ? AND state = 'holding' RETURNING user_id, number",
        [at, id],
      );
      if (!paid) return false;
      await db.run('UPDATE users SET wallet = wallet - ? WHERE id = ?', [paid.number, paid.user_id]);
      return true;
    },
  };
}

declare module '../platform/database/queries' {
  interface Queries {
    readonly interestWallet: ReturnType<typeof interestWalletQueries>;
  }
}
