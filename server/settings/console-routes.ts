import { OFFER_PAGE_SIZE, type MerchantInfo } from '../../contract/console';
import { ResultCode } from '../../contract/envelope';
import { formatRate } from '../../contract/money';
import { createAnswerCache } from '../platform/answer-cache';
import { SerializedData } from '../platform/http/envelope';
import type { ServerContext } from '../platform/context';
import { ApiError } from '../platform/http/errors';
import {
  SettingsError,
  removeContactChannel,
  saveContactChannel,
  saveMerchant,
  saveOffer,
  saveProduct,
  saveReceivingAddress,
  setOfferPaused,
} from './service-settings';
import { changeSecondApprovalLimit, confirmLimitRaise, secondApprovalLimit } from '../staff/four-eyes';
import { money } from '../platform/http/wire';
import type { ConsoleCallRegistry } from '../staff/calls';
import { fourEyesRefused } from '../staff/four-eyes-refusals';

function refused(error: unknown, field?: string): unknown {
  if (!(error instanceof SettingsError)) return error;
  if (error.reason === 'below_sold')
    return new ApiError(ResultCode.conflict, 'console.below_sold', { field: 'quantity' });
  return new ApiError(ResultCode.notFound, 'not_found', field ? { field } : {});
}

async function guarded<T>(work: Promise<T>, field?: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw refused(error, field);
  }
}

/** The hall and the service's settings, for admins: everything the CLI changes, and edits. */
export function settingsRoutes(calls: ConsoleCallRegistry, context: ServerContext): void {
  const { queries } = context;
  const admin = { admin: true };
  // Read in full by the offers' form as well as the list; staff change it by hand.
  const merchants = createAnswerCache<SerializedData<{ merchants: MerchantInfo[] }>>(context.db, context.now);

  calls.operator(
    'hall/merchants',
    () =>
      merchants.through('all', async () =>
        SerializedData.of({
          merchants: (await queries.selling.allMerchants()).map((row) => ({
            id: row.id,
            name: row.name,
            avatar: row.avatar,
            completion_rate: formatRate(row.completion_rate),
            orders_count: row.orders_count,
          })),
        }),
      ),
    admin,
  );

  calls.operator(
    'hall/merchant-save',
    async (input, { operator }) => ({
      id: await guarded(
        saveMerchant(
          context,
          { id: input.id, name: input.name, avatar: input.avatar, completionRate: input.completion_rate },
          operator.name,
        ),
        'id',
      ),
    }),
    admin,
  );

  calls.operator(
    'hall/offers',
    async ({ before }) => {
      const rows = await queries.selling.offersBefore(
        before === '' ? Number.MAX_SAFE_INTEGER : before,
        OFFER_PAGE_SIZE + 1,
      );
      const offers = rows.slice(0, OFFER_PAGE_SIZE).map((row) => ({
        id: row.id,
        order_no: row.order_no,
        merchant_id: row.merchant_id,
        merchant_name: row.merchant_name,
        unit_price: money(row.unit_price),
        currency: row.currency,
        quantity: money(row.quantity),
        remaining: money(row.remaining),
        min_number: money(row.min_number),
        max_number: money(row.max_number),
        paused: row.paused === 1,
      }));
      return { offers, next: rows.length > OFFER_PAGE_SIZE ? (offers.at(-1)?.id ?? null) : null };
    },
    admin,
  );

  calls.operator(
    'hall/offer-save',
    async (input, { operator }) => ({
      id: await guarded(
        saveOffer(
          context,
          {
            id: input.id,
            merchantId: input.merchant_id,
            unitPrice: input.unit_price,
            currency: input.currency,
            quantity: input.quantity,
            minNumber: input.min_number,
            maxNumber: input.max_number,
          },
          operator.name,
        ),
        'merchant_id',
      ),
    }),
    admin,
  );

  calls.operator(
    'hall/offer-pause',
    async ({ id, paused }, { operator }) => {
      await guarded(setOfferPaused(context, id, paused, operator.name), 'id');
      return { paused };
    },
    admin,
  );

  calls.operator(
    'settings/products',
    async () => ({
      products: (await queries.interestWallet.allProducts()).map((row) => ({
        id: row.id,
        name: row.name,
        rate: formatRate(row.rate),
        days: row.days,
        min_amount: money(row.min_amount),
        max_amount: money(row.max_amount),
      })),
    }),
    admin,
  );

  calls.operator(
    'settings/product-save',
    async (input, { operator }) => ({
      id: await guarded(
        saveProduct(
          context,
          {
            id: input.id,
            name: input.name,
            rate: input.rate,
            days: input.days,
            minAmount: input.min_amount,
            maxAmount: input.max_amount,
          },
          operator.name,
        ),
        'id',
      ),
    }),
    admin,
  );

  calls.operator(
    'settings/contacts',
    async () => ({
      contacts: (await queries.customerService.all()).map((row) => ({
        id: row.id,
        name: row.name,
        type: row.type,
        url: row.url,
      })),
    }),
    admin,
  );

  calls.operator(
    'settings/contact-save',
    async (input, { operator }) => ({
      id: await guarded(saveContactChannel(context, input, operator.name), 'id'),
    }),
    admin,
  );

  calls.operator(
    'settings/contact-delete',
    async ({ id }, { operator }) => {
      await guarded(removeContactChannel(context, id, operator.name), 'id');
      return {};
    },
    admin,
  );

  calls.operator('settings/review', () => secondApprovalLimit(context, context.reviewRules), admin);

  /** Lower applies at once; higher waits 24 hours, or for a second administrator (server/staff/four-eyes.ts). */
  calls.operator(
    'settings/review-save',
    async ({ second_approval_above: amount }, { operator }) => {
      try {
        return await changeSecondApprovalLimit(context, amount, context.reviewRules, operator.name);
      } catch (error) {
        throw fourEyesRefused(error, 'change', 'second_approval_above');
      }
    },
    admin,
  );

  calls.operator(
    'settings/review-confirm',
    async ({ second_approval_above: amount }, { operator }) => {
      try {
        return await confirmLimitRaise(context, amount, context.reviewRules, operator.name);
      } catch (error) {
        throw fourEyesRefused(error, 'change');
      }
    },
    admin,
  );

  calls.operator(
    'settings/addresses',
    async () => ({
      addresses: (await queries.recharge.addresses()).map((row) => ({
        type: row.type,
        address: row.address,
        min_amount: money(row.min_amount),
        updated_at: row.updated_at,
      })),
    }),
    admin,
  );

  calls.operator(
    'settings/address-save',
    async ({ type, address, min_amount: minAmount }, { operator }) => {
      await saveReceivingAddress(context, { type, address, minAmount }, operator.name);
      return {};
    },
    admin,
  );
}
