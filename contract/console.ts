/**
 * The operators' console's wire contract: its calls, what each takes and what each answers.
 *
 * Same shape as the customer API: POST, form-encoded, `lang` added, the `{ code, msg, data }`
 * envelope. It differs in how a caller is known: an HttpOnly session cookie, never an
 * `access-token` header, and every call but sign-in and the session read sends the session's
 * CSRF token in the `x-csrf-token` header.
 */
import { z } from 'zod';
import { money, text } from './calls';
import { CHAIN_KINDS, DEPOSIT_STATES, type ChainVerdict } from './chain';
import { parseRate } from './money';
import type {
  ChainKind,
  ContactChannelType,
  BankType,
  DepositState,
  LedgerKind,
  ReviewState,
  SaleOrderState,
} from './rules';
import type { IsoTime, MoneyString } from './responses';
import {
  CONTACT_CHANNEL_TYPES,
  CURRENCY_PATTERN,
  EMAIL_MAX_LENGTH,
  isEmail,
  INTERNAL_ID_PATTERN,
  MAX_COMPLETION_RATE,
  MAX_INTEREST_RATE,
  MAX_PRODUCT_DAYS,
  NETWORK_TYPE_PATTERN,
  imageAddress,
  isContactUrl,
  isReceivingAddress,
  PASSWORD_MAX_LENGTH,
  isPlainText,
  isStrongEnoughPassword,
  isVisibleText,
} from './rules';

export const CONSOLE_API_PREFIX = '/api/console/';
/** The console's live socket: the review queue's changes, pushed. */
export const CONSOLE_LIVE_PATH = '/api/console/live';
export const CONSOLE_SESSION_COOKIE = 'console_session';
export const CSRF_HEADER = 'x-csrf-token';

export const OPERATOR_ROLES = ['reviewer', 'admin'] as const;

export type OperatorRole = (typeof OPERATOR_ROLES)[number];
/** Lower-case letters, digits, dot, dash and underscore; 2 to 32, starting with a letter or digit. */
export const OPERATOR_NAME_PATTERN = /^[a-z0-9][a-z0-9._-]{1,31}$/;
export const TOTP_CODE_PATTERN = /^\d{6}$/;

export const REVIEW_KINDS = ['recharge', 'withdraw', 'sale'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];
/**
 * The most orders one read of the review queue answers; `next` asks for the ones after. A
 * screenful: every open console reads the first page again on each change to the queue.
 */
export const QUEUE_PAGE_SIZE = 20;
/** An enrolment link's secret part: 32 random bytes, base64url. */
export const ENROLMENT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const DECISIONS = ['approve', 'reject'] as const;
export type Decision = (typeof DECISIONS)[number];
/** What a customer reads on an order they were refused. */
export const REMARK_MAX_LENGTH = 200;

const id = z.string().trim().regex(INTERNAL_ID_PATTERN).transform(Number);
/** Empty for something new, else the id of what is changed. */
const optionalId = z.union([z.literal('').transform(() => null), id]).default(null);
/** A percentage with up to two decimals, in basis points, up to `max`. */
const rate = (max: number) =>
  z.string().transform((value, context) => {
    const parsed = parseRate(value.trim());
    if (parsed === null || parsed > max) {
      context.addIssue({ code: 'custom', message: 'invalid' });
      return z.NEVER;
    }
    return parsed;
  });
const empty = z.object({});
const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,16}$/)
    .transform(Number)
    .refine((value) => value >= min && value <= max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => value === '' || isVisibleText(value))
    .default('');

const newPassword = z
  .string()
  .refine(isStrongEnoughPassword, { message: 'weak_password', abort: true })
  .refine(isPlainText, { message: 'password_characters' });

/** Where a page of the queue starts: after the order named `kind:id`, e.g. `withdraw:12`. */
const queueCursor = z
  .union([
    z.literal('').transform(() => null),
    z
      .string()
      .regex(/^(recharge|withdraw|sale):\d{1,15}$/)
      .transform((value) => {
        const [kind, idText] = value.split(':');
        return { kind: kind as ReviewKind, id: Number(idText) };
      }),
  ])
  .default(null);

const operatorName = z
  .string()
  .trim()
  .transform((value) => value.toLowerCase())
  .pipe(z.string().regex(OPERATOR_NAME_PATTERN));

/** Where a network's transfers are read: for a watched network and for a checked shared address. */
const chainSource = {
  type: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(NETWORK_TYPE_PATTERN)),
  kind: z.enum(CHAIN_KINDS),
  /** One to five node URLs, separated by commas, spaces or lines. */
  rpc_urls: z
    .string()
    .max(2000)
    .transform((value) => value.split(/[\s,]+/).filter((url) => url !== ''))
    .pipe(z.array(z.string().max(400)).min(1).max(5)),
  contract: z
    .string()
    .trim()
    .regex(/^(T[1-9A-HJ-NP-Za-km-z]{33}|0x[0-9a-fA-F]{40})$/),
  decimals: wholeNumber(2, 36),
  confirmations: wholeNumber(1, 10_000),
  finalized: z.enum(['yes', 'no']),
};

export const consoleCallSchemas = {
  'auth/login': z.object({
    name: operatorName,
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
    code: z.string().trim().regex(TOTP_CODE_PATTERN),
  }),
  'auth/session': empty,
  'auth/password': z.object({ password: z.string().min(1).max(PASSWORD_MAX_LENGTH), new_password: newPassword }),
  'auth/logout': empty,
  'enrol/start': z.object({ token: z.string().trim().regex(ENROLMENT_TOKEN_PATTERN) }),
  'enrol/finish': z.object({
    token: z.string().trim().regex(ENROLMENT_TOKEN_PATTERN),
    new_password: newPassword,
    code: z.string().trim().regex(TOTP_CODE_PATTERN),
  }),
  'review/queue': z.object({
    kind: z.union([z.literal(''), z.enum(REVIEW_KINDS)]).default(''),
    after: queueCursor,
  }),
  'review/recharge': z.object({ id }),
  'review/withdraw': z.object({ id }),
  'review/sale': z.object({ id }),
  'review/decide': z
    .object({
      kind: z.enum(REVIEW_KINDS),
      id,
      decision: z.enum(DECISIONS),
      remark: optionalText(REMARK_MAX_LENGTH),
    })
    .refine((value) => value.decision === 'approve' || value.remark !== '', {
      message: 'required.remark',
      path: ['remark'],
    }),
  'operators/list': empty,
  /** The new operator's own address: their enrolment link goes there and nowhere else. */
  'operators/add': z.object({
    name: operatorName,
    role: z.enum(OPERATOR_ROLES),
    email: z.string().trim().max(EMAIL_MAX_LENGTH).refine(isEmail),
  }),
  'operators/disable': z.object({ name: operatorName }),
  /** A second administrator's word that an enrolled operator's approvals count before their 24 hours. */
  'operators/confirm': z.object({ name: operatorName }),
  'four-eyes/status': empty,
  'customers/search': z.object({ query: z.string().trim().min(1).max(EMAIL_MAX_LENGTH).refine(isPlainText) }),
  'customers/detail': z.object({ id }),
  'customers/ledger': z.object({ id, before: z.union([z.literal(''), id]).default('') }),
  'customers/reveal-binding': z.object({ id, binding: id }),
  'customers/status': z
    .object({ id, status: z.enum(['active', 'disabled']), reason: optionalText(REMARK_MAX_LENGTH) })
    .refine((value) => value.status === 'active' || value.reason !== '', {
      message: 'required.reason',
      path: ['reason'],
    }),
  'customers/vip': z.object({
    id,
    level: z
      .string()
      .trim()
      .regex(/^\d{1,2}$/)
      .transform(Number),
  }),
  'hall/merchants': empty,
  'hall/merchant-save': z.object({
    id: optionalId,
    name: text(80),
    completion_rate: rate(MAX_COMPLETION_RATE),
    avatar: z
      .string()
      .trim()
      .max(300)
      .transform((value, context) => {
        const address = value === '' ? '' : imageAddress(value);
        if (address === null) {
          context.addIssue({ code: 'custom', message: 'invalid' });
          return z.NEVER;
        }
        return address;
      })
      .default(''),
  }),
  /** The hall's offers, newest first, a page at a time: `before` is the last id of the page before. */
  'hall/offers': z.object({ before: z.union([z.literal(''), id]).default('') }),
  'hall/offer-save': z
    .object({
      id: optionalId,
      merchant_id: id,
      unit_price: money,
      currency: z
        .string()
        .trim()
        .transform((value) => value.toUpperCase())
        .pipe(z.string().regex(CURRENCY_PATTERN)),
      quantity: money,
      min_number: money,
      max_number: money,
    })
    .refine((value) => value.min_number <= value.max_number, { message: 'invalid', path: ['max_number'] }),
  'hall/offer-pause': z.object({ id, paused: z.enum(['true', 'false']).transform((value) => value === 'true') }),
  'settings/products': empty,
  'settings/product-save': z
    .object({
      id: optionalId,
      name: text(80),
      rate: rate(MAX_INTEREST_RATE),
      days: z
        .string()
        .trim()
        .regex(/^\d{1,4}$/)
        .transform(Number)
        .refine((days) => days >= 1 && days <= MAX_PRODUCT_DAYS),
      min_amount: money,
      max_amount: money,
    })
    .refine((value) => value.min_amount <= value.max_amount, { message: 'invalid', path: ['max_amount'] }),
  'settings/contacts': empty,
  'settings/contact-save': z.object({
    id: optionalId,
    name: text(80),
    type: z.enum(CONTACT_CHANNEL_TYPES),
    url: z.string().trim().max(300).refine(isContactUrl),
  }),
  'settings/contact-delete': z.object({ id }),
  'settings/review': empty,
  'settings/review-save': z.object({ second_approval_above: money }),
  /** A second administrator confirms the raise that waits, naming its amount. */
  'settings/review-confirm': z.object({ second_approval_above: money }),
  'settings/addresses': empty,
  'settings/address-save': z.object({
    type: z
      .string()
      .trim()
      .transform((value) => value.toUpperCase())
      .pipe(z.string().regex(NETWORK_TYPE_PATTERN)),
    address: z.string().trim().refine(isReceivingAddress),
    min_amount: money,
  }),
  'settings/networks': empty,
  'settings/network-add': z.object({
    ...chainSource,
    min_amount: money,
    xpub: z
      .string()
      .trim()
      .regex(/^xpub[1-9A-HJ-NP-Za-km-z]{100,112}$/),
    /** The first block to read; empty: the chain's final edge now. */
    from_block: z.union([z.literal('').transform(() => null), wholeNumber(0, Number.MAX_SAFE_INTEGER)]).default(null),
  }),
  /** Check the proofs of a shared receiving address (the type) on the chain. */
  'settings/proof-check-add': z.object(chainSource),
  'deposits/watchers': empty,
  'deposits/credit': z.object({
    id,
    reason: optionalText(REMARK_MAX_LENGTH).refine((reason) => reason !== '', { message: 'required.reason' }),
  }),
  'deposits/holdings': z.object({
    type: z
      .string()
      .trim()
      .transform((value) => value.toUpperCase())
      .pipe(z.string().regex(NETWORK_TYPE_PATTERN)),
  }),
  'deposits/list': z.object({
    state: z.union([z.literal(''), z.enum(DEPOSIT_STATES)]).default(''),
    /** The last id of the page before, for the next page of an endless list. */
    before: z.union([z.literal(''), id]).default(''),
  }),
  'audit/list': z.object({
    operator: optionalText(40),
    account: optionalText(40),
    kind: optionalText(40),
    /** The last id of the page before, for the next page of an endless list. */
    before: z.union([z.literal(''), id]).default(''),
  }),
} as const;

export type ConsoleCallPath = keyof typeof consoleCallSchemas;
export type ConsoleCallRequest<P extends ConsoleCallPath> = z.input<(typeof consoleCallSchemas)[P]>;
export type ConsoleParsedRequest<P extends ConsoleCallPath> = z.output<(typeof consoleCallSchemas)[P]>;

/**
 * The calls a caller may make without the CSRF header: they change nothing, or start a session
 * (an enrolment link's holder has none yet; the link's token does the header's work).
 */
export const CSRF_FREE_CALLS: readonly ConsoleCallPath[] = [
  'auth/login',
  'auth/session',
  'enrol/start',
  'enrol/finish',
];

export interface OperatorInfo {
  name: string;
  role: OperatorRole;
  /** A first sign-in (or a reset one): nothing else opens until a new password is set. */
  must_change_password: boolean;
}

export interface ConsoleSession {
  operator: OperatorInfo;
  csrf: string;
  /** Minutes of inactivity after which the session ends. */
  idle_minutes: number;
}

export interface QueueItem {
  kind: ReviewKind;
  id: number;
  account: string;
  amount: MoneyString;
  created_at: IsoTime;
  /** Who has approved a recharge or withdrawal that needs two: empty for the rest. */
  approvals: string[];
  needs_second_approval: boolean;
}

export interface ReviewQueue {
  /** Oldest first, at most QUEUE_PAGE_SIZE. */
  items: QueueItem[];
  /** Everything that waits, of each kind, whatever page this is. */
  counts: Record<ReviewKind, number>;
  /**
   * A recharge or withdrawal above this, with the customer's others of its kind of the 24 hours
   * before it (refused ones left out), needs two operators.
   */
  second_approval_above: MoneyString;
  /** Pass as `after` for the next page; null when this page is the last. */
  next: string | null;
}

export interface CustomerSummary {
  id: number;
  account: string;
  email: string;
  vip: number;
  status: 'active' | 'locked' | 'disabled';
  balance: MoneyString;
  frozen: MoneyString;
  created_at: IsoTime;
}

export interface RechargeSummary {
  id: number;
  type: string;
  address: string;
  amount: MoneyString;
  /** The proof's `/uploads/…` path; only its owner and operators may open it. */
  credentials: string;
  /** The transaction the customer named (64 hex digits), or ''. */
  tx_hash: string;
  state: ReviewState;
  remark: string;
  created_at: IsoTime;
}

/** What the chain said of the transaction a recharge names, on a network whose proofs are checked. */
export interface ChainCheckVerdict {
  verdict: ChainVerdict;
  /** The amount found, the confirmations so far ("2/19"), the address paid or the sender, the block. */
  detail: string;
  checked_at: IsoTime | null;
}

/**
 * The unique amount reserved for a recharge's transfer before the customer paid (`recharge/quote`):
 * the chain's check credits by itself only a transfer of exactly `exact_amount` made while it held.
 */
export interface ReservedAmount {
  /** What the customer asked to recharge. */
  amount: MoneyString;
  /** What they were to send; the recharge is of this amount. */
  exact_amount: MoneyString;
  created_at: IsoTime;
  expires_at: IsoTime;
}

export interface RechargeReview {
  recharge: RechargeSummary;
  /** Null where the recharge names no transaction or its network's proofs are not checked. */
  chain_check: ChainCheckVerdict | null;
  /** Null where the customer reserved no unique amount (an address whose proofs are not checked, or an older app). */
  reserved: ReservedAmount | null;
  /** Whether `address` is the network's receiving address now. */
  address_is_current: boolean;
  customer: CustomerSummary;
  recent: RechargeSummary[];
  approvals: { operator: string; at: IsoTime }[];
  needs_second_approval: boolean;
}

export interface LedgerLine {
  id: number;
  kind: LedgerKind;
  amount: MoneyString;
  balance: MoneyString;
  remark: string;
  created_at: IsoTime;
}

export interface PayoutBinding {
  type: BankType;
  holder: string;
  /** The IBAN, masked but for its last four characters (an admin may reveal it on the customer page). */
  iban: string;
  bank: string;
  country: string;
}

export interface WithdrawReview {
  withdraw: {
    id: number;
    order_no: string;
    amount: MoneyString;
    state: ReviewState;
    remark: string;
    created_at: IsoTime;
  };
  binding: PayoutBinding | null;
  customer: CustomerSummary;
  ledger: LedgerLine[];
  approvals: { operator: string; at: IsoTime }[];
  needs_second_approval: boolean;
}

export interface SaleReview {
  order: {
    id: number;
    order_no: string;
    number: MoneyString;
    unit_price: MoneyString;
    currency: string;
    /** number × unit_price, what the merchant pays. */
    total: MoneyString;
    state: SaleOrderState;
    created_at: IsoTime;
  };
  offer: { id: number; order_no: string; unit_price: MoneyString; currency: string; quantity: MoneyString } | null;
  merchant: { id: number; name: string; avatar: string; completion_rate: string } | null;
  customer: CustomerSummary;
}

export interface DecisionResult {
  /** The order's state now; `awaiting_second_approval` when this was the first of two. */
  outcome: ReviewState | SaleOrderState | 'awaiting_second_approval';
}

export interface AuditItem {
  id: number;
  actor: string;
  action: string;
  target_type: string;
  target_id: number | null;
  account: string | null;
  before: string;
  after: string;
  detail: string;
  created_at: IsoTime;
}

export interface AuditPage {
  items: AuditItem[];
  /** Pass as `before` for the next page; null at the end. */
  next: number | null;
}

export interface OperatorAccount {
  name: string;
  role: OperatorRole;
  status: 'active' | 'disabled';
  /** `done` once the operator set their password and authenticator through their link. */
  enrolment: 'done' | 'waiting' | 'expired';
  /** Their own address; null on accounts from before one was asked for. */
  email: string | null;
  /** Who added the account ('' for the first administrator). */
  added_by: string;
  /** From when their approvals count toward four eyes; null until they enrolled. */
  counts_from: IsoTime | null;
  /** Whether they count now, by the server's clock. */
  counts: boolean;
  created_at: IsoTime;
}

/**
 * A new account: its one-time enrolment link went to `email`, the operator's own address, and is
 * shown to nobody, the admin who added it least of all.
 */
export interface NewOperatorEnrolment {
  name: string;
  role: OperatorRole;
  email: string;
  expires_at: IsoTime;
}

/** The second-approval limit in force, and a raise that waits for its time or a second administrator. */
export interface SecondApprovalLimit {
  second_approval_above: MoneyString;
  raise: { amount: MoneyString; requested_by: string; in_force_at: IsoTime } | null;
}

/** Where four eyes stands: what the console's banner says when it rests on one administrator. */
export interface FourEyesStatus {
  /** The administrators whose approvals and confirmations count now. */
  counted_admins: string[];
  /** How many operators (of either role) count now: two at least are needed for large orders. */
  counted_operators: number;
  /** Enrolled, open operators who do not count yet, and from when they will. */
  waiting: { name: string; role: OperatorRole; counts_from: IsoTime; added_by: string }[];
  limit_raise: SecondApprovalLimit['raise'];
  /** Open administrators without an address: the notices of changes cannot reach them. */
  unmailed_admins: string[];
}

/** What an enrolment link's holder is shown: whose account, and the authenticator secret made for it. */
export interface EnrolmentStart {
  name: string;
  role: OperatorRole;
  totp_secret: string;
  totp_uri: string;
  expires_at: IsoTime;
}

export interface CustomerBinding {
  id: number;
  type: BankType;
  holder: string;
  /** Masked unless an admin revealed it (and the reveal is in the audit log). */
  iban: string;
  bank: string;
  country: string;
  created_at: IsoTime;
}

export interface RevealedBinding {
  id: number;
  iban: string;
  /** Every field the customer entered, by its wire name. */
  details: Record<string, string>;
}

export interface CustomerOrder {
  kind: ReviewKind;
  id: number;
  amount: MoneyString;
  state: ReviewState | SaleOrderState;
  remark: string;
  created_at: IsoTime;
}

export interface CustomerDetail {
  customer: CustomerSummary & { nickname: string; invite_code: string; inviter: string | null };
  bindings: CustomerBinding[];
  /** The latest recharges, withdrawals and sales together, newest first. */
  orders: CustomerOrder[];
  team: { direct: number; indirect: number; members: { account: string; level: 1 | 2; created_at: IsoTime }[] };
  /** The customer's own address on each watched network where they were given one. */
  deposit_addresses: { type: string; address: string }[];
}

export interface MerchantInfo {
  id: number;
  name: string;
  avatar: string;
  completion_rate: string;
  orders_count: number;
}

export interface OfferInfo {
  id: number;
  order_no: string;
  merchant_id: number;
  merchant_name: string;
  unit_price: MoneyString;
  currency: string;
  quantity: MoneyString;
  remaining: MoneyString;
  min_number: MoneyString;
  max_number: MoneyString;
  paused: boolean;
}

/** At most OFFER_PAGE_SIZE offers, newest first. */
export interface OfferPage {
  offers: OfferInfo[];
  /** Pass as `before` for the next page; null at the end. */
  next: number | null;
}

export const OFFER_PAGE_SIZE = 25;

export interface ProductInfo {
  id: number;
  name: string;
  rate: string;
  days: number;
  min_amount: MoneyString;
  max_amount: MoneyString;
}

export interface ContactInfo {
  id: number;
  name: string;
  type: ContactChannelType;
  url: string;
}

export interface AddressInfo {
  type: string;
  address: string;
  min_amount: MoneyString;
  updated_at: IsoTime;
}

/** A watched network as an admin configured it; its node URLs shown as scheme and host only. */
/** A shared receiving address whose proofs are checked on the chain: where its transfers are read. */
export interface ProofCheckInfo {
  type: string;
  kind: ChainKind;
  contract: string;
  decimals: number;
  confirmations: number;
  finalized: boolean;
  nodes: string[];
  updated_at: IsoTime;
}

/** A watched network: where its transfers are read, its minimum, and its key's first address. */
export interface NetworkInfo extends ProofCheckInfo {
  min_amount: MoneyString;
  /** The address at index 0, to compare with the wallet the key came from. */
  first_address: string;
}

/** Where a network's watcher stands. Blocks are null until it first reached the node. */
export interface WatcherInfo {
  type: string;
  head: number | null;
  final: number | null;
  scanned: number;
  /** Final blocks not yet scanned. */
  lag_blocks: number | null;
  checked_at: IsoTime | null;
  /** When the scan last moved (null: never since the network was added). */
  advanced_at: IsoTime | null;
  /** Not checked, or not moved while the chain did, for 5 minutes. */
  stalled: boolean;
  node: string;
  last_error: string;
}

export interface DepositInfo {
  id: number;
  type: string;
  account: string;
  user_id: number;
  address: string;
  tx_hash: string;
  block: number;
  amount: MoneyString;
  state: DepositState;
  confirmations: number;
  seen_at: IsoTime;
  credited_at: IsoTime | null;
}

export interface ConsoleCallResponses {
  'auth/login': ConsoleSession;
  'auth/session': ConsoleSession;
  'auth/password': ConsoleSession;
  'auth/logout': Record<string, never>;
  'enrol/start': EnrolmentStart;
  'enrol/finish': ConsoleSession;
  'review/queue': ReviewQueue;
  'review/recharge': RechargeReview;
  'review/withdraw': WithdrawReview;
  'review/sale': SaleReview;
  'review/decide': DecisionResult;
  'operators/list': { operators: OperatorAccount[] };
  'operators/add': NewOperatorEnrolment;
  'operators/disable': Record<string, never>;
  'operators/confirm': Record<string, never>;
  'four-eyes/status': FourEyesStatus;
  'customers/search': { customers: CustomerSummary[] };
  'customers/detail': CustomerDetail;
  'customers/ledger': { items: LedgerLine[]; next: number | null };
  'customers/reveal-binding': RevealedBinding;
  'customers/status': { status: CustomerSummary['status'] };
  'customers/vip': { vip: number };
  'hall/merchants': { merchants: MerchantInfo[] };
  'hall/merchant-save': { id: number };
  'hall/offers': OfferPage;
  'hall/offer-save': { id: number };
  'hall/offer-pause': { paused: boolean };
  'settings/products': { products: ProductInfo[] };
  'settings/product-save': { id: number };
  'settings/contacts': { contacts: ContactInfo[] };
  'settings/contact-save': { id: number };
  'settings/contact-delete': Record<string, never>;
  'settings/review': SecondApprovalLimit;
  'settings/review-save': SecondApprovalLimit;
  'settings/review-confirm': SecondApprovalLimit;
  'settings/addresses': { addresses: AddressInfo[] };
  'settings/address-save': Record<string, never>;
  'settings/networks': { networks: NetworkInfo[]; checks: ProofCheckInfo[] };
  'settings/network-add': { first_address: string };
  'settings/proof-check-add': Record<string, never>;
  'deposits/watchers': { watchers: WatcherInfo[] };
  'deposits/credit': { outcome: 'credited' | 'awaiting_second_approval' };
  /** CSV: network, address, transfers, amount (every decimal place of the token), last arrival. */
  'deposits/holdings': { csv: string };
  'deposits/list': { deposits: DepositInfo[]; next: number | null };
  'audit/list': AuditPage;
}

export type ConsoleCallResponse<P extends ConsoleCallPath> = ConsoleCallResponses[P];

/** What the console's live socket pushes: something in the review queue changed. */
export type ConsoleLiveEvent = { type: 'queue' } | { type: 'ping' };
