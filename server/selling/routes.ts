import { ResultCode } from '../../contract/envelope';
import { cents, multiplyByPrice, negateMoney } from '../../contract/money';
import { createAnswerCache } from '../platform/answer-cache';
import { SerializedData } from '../platform/http/envelope';
import type { CallRegistry } from '../auth/calls';
import type { ServerContext } from '../platform/context';
import { ApiError, conflict, notFound, outOfRange } from '../platform/http/errors';
import { publishQueueMove } from '../live/events';
import { once } from '../ledger/idempotency';
import { pageOf } from '../platform/http/paging';
import { newPublicCode } from '../platform/security/tokens';
import { maskAccount } from '../withdrawals/wire';
import { merchantOf, toOffer, toSaleOrder } from './wire';
import { money } from '../platform/http/wire';
import type { OfferRow, OfferWithMerchantRow } from './queries';
import type { Offer, Page, SalePriceChangedData } from '../../contract/responses';

const HISTORY_LENGTH = 20;
function hasTerms(offer: OfferRow, shown: Pick<OfferRow, 'unit_price' | 'currency'>): boolean {
  return offer.unit_price === shown.unit_price && offer.currency === shown.currency;
}

/** The seller was shown another price or currency: nothing is sold, and they are shown this one. */
function priceChanged(offer: OfferWithMerchantRow): ApiError {
  return conflict('price_changed', { field: 'unit_price', offer: toOffer(offer) } satisfies SalePriceChangedData);
}

/** The UTC day of `at`, as the hall's daily volume is kept under. */
function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function sellingRoutes(calls: CallRegistry, context: ServerContext): void {
  const { queries } = context;

  calls.user('selling/tongji', async (_input, { user }) => {
    const [volume, merchants] = await Promise.all([
      queries.selling.volume(utcDay(context.now()), user.id),
      queries.selling.merchantCount(),
    ]);
    return {
      total_volume: money(volume.total),
      today_volume: money(volume.today),
      merchants,
      my_sold: money(volume.mine),
    };
  });

  calls.user('selling/history', async () => ({
    list: (await queries.selling.history(HISTORY_LENGTH)).map((sale) => ({
      account: maskAccount(sale.account),
      number: money(sale.number),
      unit_price: money(sale.unit_price),
      currency: sale.currency,
      time: sale.time,
    })),
  }));

  // The hall is the same for every customer: each page is kept, ready in JSON, until the next
  // commit. The sale itself always checks the live offer row.
  const hall = createAnswerCache<SerializedData<Page<Offer>>>(context.db, context.now);

  calls.user('selling/order', (input) =>
    hall.through(`${input.page}:${input.page_size}`, async () =>
      SerializedData.of<Page<Offer>>(
        await pageOf(input, { rows: queries.selling.openOffers, total: queries.selling.openOfferCount }, toOffer),
      ),
    ),
  );

  calls.user('selling/merchant', (input) =>
    pageOf(input, { rows: queries.selling.merchantsPage, total: queries.selling.merchantCount }, (row) => ({
      ...merchantOf(row),
      best_offer: row.id === null ? null : toOffer(row),
    })),
  );

  /**
   * A sale takes the USDT out of the balance at once and the quantity off the offer, both or
   * neither: the offer's remaining quantity falls only if that much is still there at the price
   * and currency the seller was shown, and the balance only if it covers the sale.
   */
  calls.user('saleu/create-order', (input, { user }) =>
    once(context, user.id, 'saleu/create-order', input.request_id, input, async (tx) => {
      const { queries, ledger } = tx;
      const shown = { unit_price: input.unit_price, currency: input.currency };
      const offer = await queries.selling.offerById(input.saleu_id);
      if (!offer) throw notFound();
      if (offer.paused === 1) throw conflict('offer_paused');
      if (!hasTerms(offer, shown)) throw priceChanged(offer);
      // Less than the smallest sale left: no sale can fill it, and the hall no longer lists it.
      if (offer.remaining < offer.min_number) throw conflict('offer_exhausted');
      if (input.number < offer.min_number || input.number > offer.max_number) {
        throw outOfRange('number_out_of_range', 'number', { min: offer.min_number, max: offer.max_number });
      }
      if (!(await queries.selling.take(offer.id, input.number, shown))) {
        // Changed since it was read: say how, rather than "not enough left".
        const current = (await queries.selling.offerById(offer.id)) ?? offer;
        if (current.paused === 1) throw conflict('offer_paused');
        if (!hasTerms(current, shown)) throw priceChanged(current);
        const remaining = money(current.remaining);
        throw new ApiError(ResultCode.conflict, 'offer_not_enough', { field: 'number', remaining }, { remaining });
      }
      const now = context.now().toISOString();
      const number = cents(input.number);
      const sale = await queries.selling.insertOrder({
        order_no: `S${now.slice(0, 10).replaceAll('-', '')}${newPublicCode(8)}`,
        user_id: user.id,
        offer_id: offer.id,
        number,
        unit_price: offer.unit_price,
        amount: multiplyByPrice(number, cents(offer.unit_price)),
        currency: offer.currency,
        matching_time: now,
        created_at: now,
      });
      await ledger.debit({
        userId: user.id,
        kind: 'sale',
        amount: negateMoney(number),
        ref: { type: 'sale', id: sale.id },
        at: now,
      });
      await publishQueueMove(
        tx,
        user.id,
        { kind: 'sale', by: 1 },
        { type: 'sale_order', id: sale.id, state: sale.state },
      );
      // The sale as written, with its merchant's name as read with the offer: nothing to read back.
      return toSaleOrder({ ...sale, merchant_name: offer.merchant_name });
    }),
  );

  calls.user('saleu/list-order', (input, { user }) =>
    pageOf(
      input,
      {
        rows: (limit, offset) => queries.selling.ordersPage(user.id, input.state, limit, offset),
        total: () => queries.selling.orderCount(user.id, input.state),
      },
      toSaleOrder,
    ),
  );
}
