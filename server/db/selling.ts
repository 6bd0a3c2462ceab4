import type { SaleOrderState } from '../../contract/rules';
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
  created_at: string;
}

/** An offer with its merchant's public figures. */
export interface OfferWithMerchantRow extends OfferRow {
  merchant_name: string;
  merchant_avatar: string;
  merchant_completion_rate: number;
  merchant_orders_count: number;
}

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

export function sellingQueries(db: Db) {
  const insertMerchant = db.prepare<NewMerchant>(`
    INSERT INTO merchants (name, avatar, completion_rate, orders_count, created_at)
    VALUES (@name, @avatar, @completion_rate, @orders_count, @created_at)
  `);
  const insertOffer = db.prepare<NewOffer>(`
    INSERT INTO offers (order_no, merchant_id, unit_price, currency, quantity, remaining, min_number, max_number, created_at)
    VALUES (@order_no, @merchant_id, @unit_price, @currency, @quantity, @quantity, @min_number, @max_number, @created_at)
  `);
  const merchantById = db.prepare<[number], MerchantRow>('SELECT * FROM merchants WHERE id = ?');
  const merchantCount = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM merchants');
  const merchantsPage = db.prepare<[number, number], MerchantRow>(
    'SELECT * FROM merchants ORDER BY completion_rate DESC, orders_count DESC, id LIMIT ? OFFSET ?',
  );
  const offerById = db.prepare<[number], OfferWithMerchantRow>(`${OFFER_WITH_MERCHANT} WHERE offers.id = ?`);
  const openOffers = db.prepare<[number, number], OfferWithMerchantRow>(
    `${OFFER_WITH_MERCHANT} WHERE offers.remaining > 0 ORDER BY offers.unit_price DESC, offers.id LIMIT ? OFFSET ?`,
  );
  const openOfferCount = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM offers WHERE remaining > 0');
  const bestOfferOf = db.prepare<[number], OfferWithMerchantRow>(
    `${OFFER_WITH_MERCHANT} WHERE offers.merchant_id = ? AND offers.remaining > 0 ORDER BY offers.unit_price DESC, offers.id LIMIT 1`,
  );
  const take = db.prepare<{ id: number; number: number }>(
    'UPDATE offers SET remaining = remaining - @number WHERE id = @id AND remaining >= @number',
  );
  const giveBack = db.prepare<{ id: number; number: number }>(
    'UPDATE offers SET remaining = MIN(quantity, remaining + @number) WHERE id = @id',
  );
  const countCompletedOrder = db.prepare<[number]>('UPDATE merchants SET orders_count = orders_count + 1 WHERE id = ?');

  const insertOrder = db.prepare<NewSaleOrder>(`
    INSERT INTO sale_orders (order_no, user_id, offer_id, number, unit_price, amount, currency, matching_time, created_at, updated_at)
    VALUES (@order_no, @user_id, @offer_id, @number, @unit_price, @amount, @currency, @matching_time, @created_at, @created_at)
  `);
  const orderById = db.prepare<[number], SaleOrderListRow>(`
    SELECT sale_orders.*, merchants.name AS merchant_name FROM sale_orders
    JOIN offers ON offers.id = sale_orders.offer_id JOIN merchants ON merchants.id = offers.merchant_id
    WHERE sale_orders.id = ?
  `);
  const ordersPage = db.prepare<{ user: number; state: string; limit: number; offset: number }, SaleOrderListRow>(`
    SELECT sale_orders.*, merchants.name AS merchant_name FROM sale_orders
    JOIN offers ON offers.id = sale_orders.offer_id JOIN merchants ON merchants.id = offers.merchant_id
    WHERE sale_orders.user_id = @user AND (@state = '' OR sale_orders.state = @state)
    ORDER BY sale_orders.id DESC LIMIT @limit OFFSET @offset
  `);
  const orderCount = db.prepare<{ user: number; state: string }, { n: number }>(
    "SELECT COUNT(*) AS n FROM sale_orders WHERE user_id = @user AND (@state = '' OR state = @state)",
  );
  const reviewOrder = db.prepare<{ id: number; state: SaleOrderState; remark: string; at: string }>(`
    UPDATE sale_orders SET state = @state, remark = @remark, updated_at = @at WHERE id = @id AND state = 'audit'
  `);
  const volume = db.prepare<{ since: string; user: number }, { total: number; today: number; mine: number }>(`
    SELECT
      COALESCE(SUM(number), 0) AS total,
      COALESCE(SUM(CASE WHEN updated_at >= @since THEN number END), 0) AS today,
      COALESCE(SUM(CASE WHEN user_id = @user THEN number END), 0) AS mine
    FROM sale_orders WHERE state = 'completion'
  `);
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  const history = db.prepare<
    [number],
    { account: string; number: number; unit_price: number; currency: string; time: string }
  >(`
    SELECT users.account, sale_orders.number, sale_orders.unit_price, sale_orders.currency, sale_orders.updated_at AS time
    FROM sale_orders JOIN users ON users.id = sale_orders.user_id
    WHERE sale_orders.state = 'completion' ORDER BY sale_orders.updated_at DESC, sale_orders.id DESC LIMIT ?
  `);

  return {
    insertMerchant: (merchant: NewMerchant) => Number(insertMerchant.run(merchant).lastInsertRowid),
    insertOffer: (offer: NewOffer) => Number(insertOffer.run(offer).lastInsertRowid),
    merchantById: (id: number) => merchantById.get(id),
    merchantCount: () => merchantCount.get()?.n ?? 0,
    merchantsPage: (limit: number, offset: number) => merchantsPage.all(limit, offset),
    offerById: (id: number) => offerById.get(id),
    /** Open offers, best (highest) price first. */
    openOffers: (limit: number, offset: number) => openOffers.all(limit, offset),
    openOfferCount: () => openOfferCount.get()?.n ?? 0,
    bestOfferOf: (merchantId: number) => bestOfferOf.get(merchantId),
    /** Takes `number` from an offer's remaining quantity; false when not that much is left. */
    take: (offerId: number, number: number) => take.run({ id: offerId, number }).changes === 1,
    giveBack: (offerId: number, number: number) => giveBack.run({ id: offerId, number }),
    countCompletedOrder: (merchantId: number) => countCompletedOrder.run(merchantId),
    insertOrder: (order: NewSaleOrder) => Number(insertOrder.run(order).lastInsertRowid),
    orderById: (id: number) => orderById.get(id),
    ordersPage: (userId: number, state: SaleOrderState | '', limit: number, offset: number) =>
      ordersPage.all({ user: userId, state, limit, offset }),
    orderCount: (userId: number, state: SaleOrderState | '') => orderCount.get({ user: userId, state })?.n ?? 0,
    reviewOrder: (id: number, state: Exclude<SaleOrderState, 'audit'>, remark: string, at: string) =>
      reviewOrder.run({ id, state, remark, at }).changes === 1,
    /** Completed volume: all time, since `since`, and the user's own. */
    volume: (since: string, userId: number) => volume.get({ since, user: userId }) ?? { total: 0, today: 0, mine: 0 },
    history: (limit: number) => history.all(limit),
    /**
     * A number that moves whenever another connection (the operator's CLI) commits to the file;
     * this connection's own writes leave it alone.
     */
    changesElsewhere: () => dataVersion.get() ?? 0,
  };
}
