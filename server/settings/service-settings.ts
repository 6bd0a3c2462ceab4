import { cents, formatMoney, formatRate, type Cents } from '../../contract/money';
import type { ContactChannelType } from '../../contract/rules';
import { inTransaction, type InTransaction } from '../ledger/transactions';
import { isoNow, type Domain } from '../platform/domain';
import type { AuditEntry } from '../staff/audit-queries';
import { newPublicCode } from '../platform/security/tokens';

/**
 * What operators change about the service, from the CLI or the console: merchants, offers,
 * interest products, contact channels and receiving addresses (the second-approval limit has its
 * own rules, in server/staff/four-eyes.ts). Each change is one transaction
 * with its audit row (what it was, what it became); validation happens before, by the contract's
 * rules, in whichever door the change came through.
 */

export type SettingsRefusal = 'not_found' | 'below_sold';

export class SettingsError extends Error {
  override readonly name = 'SettingsError';
  constructor(
    message: string,
    readonly reason: SettingsRefusal,
  ) {
    super(message);
  }
}

type Tx = Domain & InTransaction;

/**
 * One change and its audit row, in one transaction, under a lock on what it changes (`subject`),
 * so that two operators editing one thing at once each record the value they really replaced.
 */
export async function audited<T extends number | null>(
  domain: Domain,
  actor: string,
  subject: string,
  change: (tx: Tx, at: string) => Promise<{ id: T; entry: Omit<AuditEntry, 'actor' | 'created_at' | 'target_id'> }>,
): Promise<T> {
  return inTransaction(domain, async (tx) => {
    await tx.lock(subject);
    const at = isoNow(tx);
    const { id, entry } = await change(tx, at);
    await tx.queries.audit.record({ ...entry, actor, target_id: id, created_at: at });
    return id;
  });
}

const notFound = (what: string, id: number) => new SettingsError(`no ${what} with id ${id}`, 'not_found');

export interface MerchantInput {
  id: number | null;
  name: string;
  avatar: string;
  completionRate: number;
}

function describeMerchant(merchant: { name: string; avatar: string; completion_rate: number }): string {
  return `${merchant.name}, ${formatRate(merchant.completion_rate)}%${merchant.avatar ? `, ${merchant.avatar}` : ''}`;
}

export function saveMerchant(domain: Domain, input: MerchantInput, actor: string): Promise<number> {
  return audited(domain, actor, `merchant ${input.id ?? 'new'}`, async (tx, at) => {
    const row = { name: input.name, avatar: input.avatar, completion_rate: input.completionRate };
    if (input.id === null) {
      const id = await tx.queries.selling.insertMerchant({ ...row, orders_count: 0, created_at: at });
      return {
        id,
        entry: {
          action: 'merchant add',
          target_type: 'merchant',
          after_value: describeMerchant(row),
          detail: input.name,
        },
      };
    }
    const before = await tx.queries.selling.merchantById(input.id);
    if (!before || !(await tx.queries.selling.updateMerchant(input.id, row))) throw notFound('merchant', input.id);
    return {
      id: input.id,
      entry: {
        action: 'merchant edit',
        target_type: 'merchant',
        before_value: describeMerchant(before),
        after_value: describeMerchant(row),
        detail: input.name,
      },
    };
  });
}

export interface OfferInput {
  id: number | null;
  merchantId: number;
  unitPrice: Cents;
  currency: string;
  quantity: Cents;
  minNumber: Cents;
  maxNumber: Cents;
}

function describeOffer(offer: {
  unit_price: number;
  currency: string;
  quantity: number;
  min_number: number;
  max_number: number;
}): string {
  const money = (value: number) => formatMoney(cents(value));
  return `${money(offer.quantity)} USDT at ${money(offer.unit_price)} ${offer.currency}, ${money(offer.min_number)}–${money(offer.max_number)}`;
}

export function saveOffer(domain: Domain, input: OfferInput, actor: string): Promise<number> {
  return audited(domain, actor, `offer ${input.id ?? 'new'}`, async (tx, at) => {
    if (!(await tx.queries.selling.merchantById(input.merchantId))) throw notFound('merchant', input.merchantId);
    const row = {
      merchant_id: input.merchantId,
      unit_price: input.unitPrice,
      currency: input.currency,
      quantity: input.quantity,
      min_number: input.minNumber,
      max_number: input.maxNumber,
    };
    if (input.id === null) {
      const id = await tx.queries.selling.insertOffer({ ...row, order_no: `S${newPublicCode(10)}`, created_at: at });
      return {
        id,
        entry: {
          action: 'offer add',
          target_type: 'offer',
          after_value: describeOffer(row),
          detail: describeOffer(row),
        },
      };
    }
    const before = await tx.queries.selling.offerById(input.id);
    if (!before) throw notFound('offer', input.id);
    if (!(await tx.queries.selling.updateOffer(input.id, row))) {
      throw new SettingsError(`offer ${input.id} has sold more than ${formatMoney(input.quantity)}`, 'below_sold');
    }
    return {
      id: input.id,
      entry: {
        action: 'offer edit',
        target_type: 'offer',
        before_value: describeOffer(before),
        after_value: describeOffer(row),
        detail: before.order_no,
      },
    };
  });
}

export function setOfferPaused(domain: Domain, id: number, paused: boolean, actor: string): Promise<number> {
  return audited(domain, actor, `offer ${id}`, async (tx) => {
    const before = await tx.queries.selling.offerById(id);
    if (!before) throw notFound('offer', id);
    await tx.queries.selling.setOfferPaused(id, paused);
    return {
      id,
      entry: {
        action: paused ? 'offer pause' : 'offer resume',
        target_type: 'offer',
        before_value: before.paused === 1 ? 'paused' : 'open',
        after_value: paused ? 'paused' : 'open',
        detail: before.order_no,
      },
    };
  });
}

export interface ProductInput {
  id: number | null;
  name: string;
  rate: number;
  days: number;
  minAmount: Cents;
  maxAmount: Cents;
}

function describeProduct(product: {
  name: string;
  rate: number;
  days: number;
  min_amount: number;
  max_amount: number;
}) {
  const money = (value: number) => formatMoney(cents(value));
  return `${product.name} ${formatRate(product.rate)}% ${product.days}d, ${money(product.min_amount)}–${money(product.max_amount)}`;
}

export function saveProduct(domain: Domain, input: ProductInput, actor: string): Promise<number> {
  return audited(domain, actor, `product ${input.id ?? 'new'}`, async (tx, at) => {
    const row = {
      name: input.name,
      rate: input.rate,
      days: input.days,
      min_amount: input.minAmount,
      max_amount: input.maxAmount,
    };
    if (input.id === null) {
      const id = await tx.queries.interestWallet.insertProduct({ ...row, created_at: at });
      return {
        id,
        entry: { action: 'product add', target_type: 'product', after_value: describeProduct(row), detail: input.name },
      };
    }
    const before = await tx.queries.interestWallet.productById(input.id);
    if (!before || !(await tx.queries.interestWallet.updateProduct(input.id, row))) throw notFound('product', input.id);
    return {
      id: input.id,
      entry: {
        action: 'product edit',
        target_type: 'product',
        before_value: describeProduct(before),
        after_value: describeProduct(row),
        detail: input.name,
      },
    };
  });
}

export interface ContactChannelInput {
  id: number | null;
  name: string;
  type: ContactChannelType;
  url: string;
}

export function saveContactChannel(domain: Domain, input: ContactChannelInput, actor: string): Promise<number> {
  return audited(domain, actor, `contact channel ${input.id ?? 'new'}`, async (tx, at) => {
    const row = { name: input.name, type: input.type, url: input.url };
    const described = `${input.name}: ${input.type} ${input.url}`;
    if (input.id === null) {
      const id = await tx.queries.customerService.insert({ ...row, created_at: at });
      return {
        id,
        entry: {
          action: 'kefu add',
          target_type: 'kefu',
          after_value: described,
          detail: `${input.type} ${input.url}`,
        },
      };
    }
    const before = await tx.queries.customerService.byId(input.id);
    if (!before || !(await tx.queries.customerService.update(input.id, row)))
      throw notFound('contact channel', input.id);
    return {
      id: input.id,
      entry: {
        action: 'kefu edit',
        target_type: 'kefu',
        before_value: `${before.name}: ${before.type} ${before.url}`,
        after_value: described,
        detail: input.name,
      },
    };
  });
}

export function removeContactChannel(domain: Domain, id: number, actor: string): Promise<number> {
  return audited(domain, actor, `contact channel ${id}`, async (tx) => {
    const before = await tx.queries.customerService.byId(id);
    if (!before || !(await tx.queries.customerService.remove(id))) throw notFound('contact channel', id);
    return {
      id,
      entry: {
        action: 'kefu remove',
        target_type: 'kefu',
        before_value: `${before.name}: ${before.type} ${before.url}`,
        detail: before.name,
      },
    };
  });
}

/** 10.00 USDT, for a network that had no address before and was given no minimum. */
export const DEFAULT_MIN_RECHARGE = cents(1_000);

export function saveReceivingAddress(
  domain: Domain,
  input: { type: string; address: string; minAmount: Cents | null },
  actor: string,
): Promise<null> {
  return audited(domain, actor, 'receiving addresses', async (tx, at) => {
    const before = (await tx.queries.recharge.addresses()).find((row) => row.type === input.type);
    const minAmount = input.minAmount ?? before?.min_amount ?? DEFAULT_MIN_RECHARGE;
    await tx.queries.recharge.saveAddress({
      type: input.type,
      address: input.address,
      min_amount: minAmount,
      position: before?.position ?? (await tx.queries.recharge.nextPosition()),
      updated_at: at,
    });
    const describe = (address: string, min: number) => `${address} (min ${formatMoney(cents(min))})`;
    return {
      id: null,
      entry: {
        action: 'address set',
        target_type: 'address',
        before_value: before ? describe(before.address, before.min_amount) : '',
        after_value: describe(input.address, minAmount),
        detail: `${input.type} ${input.address}`,
      },
    };
  });
}
