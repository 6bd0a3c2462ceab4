import type { SaleOrderState } from '../../contract/rules';
import type { SqlRunner } from '../platform/database/sql';

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

export interface MerchantRow {
  id: number;
  name: string;
  avatar: string;
  completion_rate: number;
  orders_count: number;
  created_at: string;
}

export interface OfferRow {
  id: number;
  order_no: string;
  merchant_id: number;
  unit_price: number;
  currency: string;
  quantity: number;
  remaining: number;
  min_number: number;
  max_number: number;
  /** 1 while an operator holds it out of the hall. */
  paused: number;
  created_at: string;
}

/** A merchant's public figures, as they sit beside an offer's columns. */
export interface MerchantColumns {
  merchant_id: number;
  merchant_name: string;
  merchant_avatar: string;
  merchant_completion_rate: number;
  merchant_orders_count: number;
}

/** An offer with its merchant's public figures. */
export interface OfferWithMerchantRow extends OfferRow, MerchantColumns {}

/** A merchant's public figures, and its best open offer's columns: all null when it has none. */
export type MerchantWithBestOfferRow = MerchantColumns &
  (
    | { [Column in Exclude<keyof OfferRow, 'merchant_id'>]: OfferRow[Column] }
    | { [Column in Exclude<keyof OfferRow, 'merchant_id'>]: null }
  );

export interface SaleOrderRow {
  id: number;
  order_no: string;
  user_id: number;
  offer_id: number;
  number: number;
  unit_price: number;
  amount: number;
  currency: string;
  state: SaleOrderState;
  matching_time: string | null;
  remark: string;
  created_at: string;
  updated_at: string;
}

export interface SaleOrderListRow extends SaleOrderRow {
  merchant_name: string;
}

export type NewSaleOrder = Omit<SaleOrderRow, 'id' | 'state' | 'remark' | 'updated_at'>;

const OFFER_WITH_MERCHANT = `
  SELECT offers.*, merchants.name AS merchant_name, merchants.avatar AS merchant_avatar,
         merchants.completion_rate AS merchant_completion_rate, merchants.orders_count AS merchant_orders_count
  FROM offers JOIN merchants ON merchants.id = offers.merchant_id
`;

const SALE_WITH_MERCHANT = `
  SELECT sale_orders.*, merchants.name AS merchant_name FROM sale_orders
  JOIN offers ON offers.id = sale_orders.offer_id JOIN merchants ON merchants.id = offers.merchant_id
`;

// Composed once here: the engines find a prepared statement by its text, and a text built anew
// on every call would be hashed anew on every call.
const OFFER_BY_ID = `${OFFER_WITH_MERCHANT} WHERE offers.id = ?`;
/**
 * An open offer is one a sale can fill: not paused, and at least its smallest sale left. These
 * are the terms of the partial index `offers_open`, word for word, so both engines read the hall
 * from it in order.
 */
const IS_OPEN = 'offers.paused = 0 AND offers.remaining >= offers.min_number';
export const OPEN_OFFERS = `${OFFER_WITH_MERCHANT} WHERE ${IS_OPEN}
  ORDER BY offers.unit_price DESC, offers.id LIMIT ? OFFSET ?`;
const OPEN_OFFER_COUNT = `SELECT COUNT(*) AS n FROM offers WHERE ${IS_OPEN}`;
/**
 * A page of merchants, best rated first, each with its best open offer (the highest price) or
 * nulls where it has none: one statement, each offer found in `offers_open_of_merchant`.
 */
const MERCHANTS_WITH_BEST_OFFER = `
  SELECT ranked.id AS merchant_id, ranked.name AS merchant_name, ranked.avatar AS merchant_avatar,
         ranked.completion_rate AS merchant_completion_rate, ranked.orders_count AS merchant_orders_count,
         offers.id, offers.order_no, offers.unit_price, offers.currency, offers.quantity, offers.remaining,
         offers.min_number, offers.max_number, offers.paused, offers.created_at
  FROM (
    SELECT merchants.*,
           (SELECT offers.id FROM offers WHERE offers.merchant_id = merchants.id AND ${IS_OPEN}
            ORDER BY offers.unit_price DESC, offers.id LIMIT 1) AS best_offer_id
    FROM merchants ORDER BY completion_rate DESC, orders_count DESC, id LIMIT ? OFFSET ?
  ) AS ranked
  LEFT JOIN offers ON offers.id = ranked.best_offer_id
  ORDER BY ranked.completion_rate DESC, ranked.orders_count DESC, ranked.id`;
const OFFERS_BEFORE = `${OFFER_WITH_MERCHANT} WHERE offers.id < ? ORDER BY offers.id DESC LIMIT ?`;
const SALE_BY_ID = `${SALE_WITH_MERCHANT} WHERE sale_orders.id = ?`;
/**
 * A customer's sales, newest first: all of them, or those in one state. All of them are numbered
 * as they are made (`sale_numbers`), so any page of those is a range of numbers; a state's page
 * walks that state's index from the newest.
 */
const SALES_OF_USER = `
  SELECT sale_orders.*, merchants.name AS merchant_name FROM sale_numbers
  JOIN sale_orders ON sale_orders.id = sale_numbers.sale_id
  JOIN offers ON offers.id = sale_orders.offer_id JOIN merchants ON merchants.id = offers.merchant_id
  WHERE sale_numbers.user_id = @user
    AND sale_numbers.seq <= (SELECT sales_open + sales_completed + sales_rejected FROM users WHERE id = @user) - @offset
  ORDER BY sale_numbers.seq DESC LIMIT @limit`;
// The page's ids first, from the index alone, so the rows skipped are never joined.
const SALES_OF_USER_IN_STATE = `${SALE_WITH_MERCHANT}
  WHERE sale_orders.id IN (
    SELECT id FROM sale_orders WHERE user_id = @user AND state = @state ORDER BY id DESC LIMIT @limit OFFSET @offset
  )
  ORDER BY sale_orders.id DESC`;
/** The running count of a customer's sales in each state (server/platform/database/running-totals.ts). */
const SALE_COUNT_COLUMN: Record<SaleOrderState, string> = {
  audit: 'sales_open',
  completion: 'sales_completed',
  reject: 'sales_rejected',
};

export function sellingQueries(db: SqlRunner) {
  return {
    insertMerchant: (merchant: NewMerchant) =>
      db.insert(
        `INSERT INTO merchants (name, avatar, completion_rate, orders_count, created_at)
         VALUES (@name, @avatar, @completion_rate, @orders_count, @created_at)`,
        { ...merchant },
      ),
    insertOffer: (offer: NewOffer) =>
      db.insert(
        `INSERT INTO offers (order_no, merchant_id, unit_price, currency, quantity, remaining, min_number, max_number, created_at)
         VALUES (@order_no, @merchant_id, @unit_price, @currency, @quantity, @quantity, @min_number, @max_number, @created_at)`,
        { ...offer },
      ),
    merchantById: (id: number) => db.get<MerchantRow>('SELECT * FROM merchants WHERE id = ?', [id]),
    merchantCount: async () => (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM merchants'))?.n ?? 0,
    merchantsPage: (limit: number, offset: number) =>
      db.all<MerchantWithBestOfferRow>(MERCHANTS_WITH_BEST_OFFER, [limit, offset]),
    offerById: (id: number) => db.get<OfferWithMerchantRow>(OFFER_BY_ID, [id]),
    /** Open offers, best (highest) price first. */
    openOffers: (limit: number, offset: number) => db.all<OfferWithMerchantRow>(OPEN_OFFERS, [limit, offset]),
    openOfferCount: async () => (await db.get<{ n: number }>(OPEN_OFFER_COUNT))?.n ?? 0,
    /**
     * Takes `number` from an open offer's remaining quantity at the price and currency the seller
     * was shown; false when it is paused, not that much is left, or its price or currency is no
     * longer that (an operator's change committed meanwhile is seen here, on the row itself).
     */
    take: async (offerId: number, number: number, shown: Pick<OfferRow, 'unit_price' | 'currency'>) =>
      (await db.run(
        `UPDATE offers SET remaining = remaining - @number
         WHERE id = @id AND remaining >= @number AND paused = 0 AND unit_price = @unit_price AND currency = @currency`,
        { id: offerId, number, unit_price: shown.unit_price, currency: shown.currency },
      )) === 1,
    /** Offers with ids below `beforeId`, paused and sold out too, newest first: the console's pages. */
    offersBefore: (beforeId: number, limit: number) => db.all<OfferWithMerchantRow>(OFFERS_BEFORE, [beforeId, limit]),
    allMerchants: () => db.all<MerchantRow>('SELECT * FROM merchants ORDER BY id'),
    updateMerchant: async (id: number, merchant: Pick<MerchantRow, 'name' | 'avatar' | 'completion_rate'>) =>
      (await db.run(
        'UPDATE merchants SET name = @name, avatar = @avatar, completion_rate = @completion_rate WHERE id = @id',
        {
          id,
          ...merchant,
        },
      )) === 1,
    /**
     * New terms for an offer. The quantity moves what is left by as much as it moves, in one
     * statement, so a sale taking from it at the same moment is counted either way; false when
     * less than was already sold is asked for.
     */
    updateOffer: async (
      id: number,
      offer: Pick<OfferRow, 'merchant_id' | 'unit_price' | 'currency' | 'quantity' | 'min_number' | 'max_number'>,
    ) =>
      (await db.run(
        `UPDATE offers SET merchant_id = @merchant_id, unit_price = @unit_price, currency = @currency,
           remaining = remaining + (@quantity - quantity), quantity = @quantity,
           min_number = @min_number, max_number = @max_number
         WHERE id = @id AND remaining + (@quantity - quantity) >= 0`,
        { id, ...offer },
      )) === 1,
    setOfferPaused: (id: number, paused: boolean) =>
      db.run('UPDATE offers SET paused = ? WHERE id = ?', [paused ? 1 : 0, id]),
    giveBack: (offerId: number, number: number) =>
      db.run(
        `UPDATE offers SET remaining = CASE WHEN remaining + @number > quantity THEN quantity ELSE remaining + @number END
         WHERE id = @id`,
        { id: offerId, number },
      ),
    countCompletedOrder: (merchantId: number) =>
      db.run('UPDATE merchants SET orders_count = orders_count + 1 WHERE id = ?', [merchantId]),
    /**
     * A new sale, waiting for review: counted with its customer's open sales and frozen, and
     * numbered by that count, taken under the customer's row lock (inside a transaction). Answers
     * the row as written.
     */
    insertOrder: async (order: NewSaleOrder): Promise<SaleOrderRow> => {
      const counted = await db.get<{ seq: number }>(
        `UPDATE users SET sales_open = sales_open + 1, frozen = frozen + ? WHERE id = ?
         RETURNING sales_open + sales_completed + sales_rejected AS seq`,
        [order.number, order.user_id],
      );
      if (!counted) throw new Error(`the seller ${order.user_id} vanished`);
      const sale = await db.get<SaleOrderRow>(
        `INSERT INTO sale_orders (order_no, user_id, offer_id, number, unit_price, amount, currency, matching_time, created_at, updated_at)
         VALUES (@order_no, @user_id, @offer_id, @number, @unit_price, @amount, @currency, @matching_time, @created_at, @created_at)
         RETURNING *`,
        { ...order },
      );
      if (!sale) throw new Error('the new sale returned no row');
      await db.run('INSERT INTO sale_numbers (user_id, seq, sale_id) VALUES (?, ?, ?)', [
        order.user_id,
        counted.seq,
        sale.id,
      ]);
      return sale;
    },
    orderById: (id: number) => db.get<SaleOrderListRow>(SALE_BY_ID, [id]),
    ordersPage: (userId: number, state: SaleOrderState | '', limit: number, offset: number) =>
      state === ''
        ? db.all<SaleOrderListRow>(SALES_OF_USER, { user: userId, limit, offset })
        : db.all<SaleOrderListRow>(SALES_OF_USER_IN_STATE, { user: userId, state, limit, offset }),
    orderCount: async (userId: number, state: SaleOrderState | '') =>
      (
        await db.get<{ n: number }>(
          state === ''
            ? 'SELECT sales_open + sales_completed + sales_rejected AS n FROM users WHERE id = ?'
            : `SELECT ${SALE_COUNT_COLUMN[state]} AS n FROM users WHERE id = ?`,
          [userId],
        )
      )?.n ?? 0,
    /**
     * Decides a sale waiting for review, and moves the running totals with it: the customer's
     * counts, sold and frozen amounts, and for a completed sale the hall's volume of all time and of the
     * UTC day of `at` (inside a transaction). False when it was no longer waiting.
     */
    reviewOrder: async (id: number, state: Exclude<SaleOrderState, 'audit'>, remark: string, at: string) => {
      const decided = await db.get<{ user_id: number; number: number }>(
        `UPDATE sale_orders SET state = @state, remark = @remark, updated_at = @at WHERE id = @id AND state = 'audit'
         RETURNING user_id, number`,
        { id, state, remark, at },
      );
      if (!decided) return false;
      const sold = state === 'completion' ? decided.number : 0;
      await db.run(
        `UPDATE users SET sales_open = sales_open - 1, ${SALE_COUNT_COLUMN[state]} = ${SALE_COUNT_COLUMN[state]} + 1,
           sold = sold + @sold, frozen = frozen - @number WHERE id = @user`,
        { user: decided.user_id, sold, number: decided.number },
      );
      if (sold > 0) {
        for (const period of ['all', at.slice(0, 10)]) {
          await db.run(
            `INSERT INTO sales_volume (period, number) VALUES (@period, @sold)
             ON CONFLICT (period) DO UPDATE SET number = sales_volume.number + excluded.number`,
            { period, sold },
          );
        }
      }
      return true;
    },
    /**
     * Completed volume: all time, on the UTC day `day` (YYYY-MM-DD), and the user's own; each a
     * running total.
     */
    volume: async (day: string, userId: number) =>
      (await db.get<{ total: number; today: number; mine: number }>(
        `SELECT
           COALESCE((SELECT number FROM sales_volume WHERE period = 'all'), 0) AS total,
           COALESCE((SELECT number FROM sales_volume WHERE period = @day), 0) AS today,
           COALESCE((SELECT sold FROM users WHERE id = @user), 0) AS mine`,
        { day, user: userId },
      )) ?? { total: 0, today: 0, mine: 0 },
    /** USDT a customer sold in completed orders. */
    soldBy: async (userId: number) =>
      (await db.get<{ sold: number }>('SELECT sold FROM users WHERE id = ?', [userId]))?.sold ?? 0,
    history: (limit: number) =>
      db.all<{ account: string; number: number; unit_price: number; currency: string; time: string }>(
        `SELECT users.account, sale_orders.number, sale_orders.unit_price, sale_orders.currency, sale_orders.updated_at AS time
         FROM sale_orders JOIN users ON users.id = sale_orders.user_id
         WHERE sale_orders.state = 'completion' ORDER BY sale_orders.updated_at DESC, sale_orders.id DESC LIMIT ?`,
        [limit],
      ),
  };
}

declare module '../platform/database/queries' {
  interface Queries {
    readonly selling: ReturnType<typeof sellingQueries>;
  }
}
