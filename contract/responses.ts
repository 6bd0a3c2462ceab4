/**
 * The `data` of every successful call. Money is a decimal string with exactly two places,
 * rates are annual percentages with two places ("6.00"), times are ISO 8601 UTC strings.
 */
import type { CallPath } from './calls';
import type {
  BankType,
  InterestOrderState,
  ContactChannelType,
  DepositState,
  LedgerKind,
  ReviewState,
  SaleOrderState,
} from './rules';

export type MoneyString = string;
export type IsoTime = string;

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  page_size: number;
}

export interface UserInfo {
  id: number;
  account: string;
  email: string;
  nickname: string;
  avatar: string;
  invite_code: string;
  vip: number;
  created_at: IsoTime;
}

export interface AuthResult {
  token: string;
  user: UserInfo;
}

export interface MoneyInfo {
  balance: MoneyString;
  frozen: MoneyString;
  wallet: MoneyString;
  total: MoneyString;
}

export interface ReceivingAddress {
  type: string;
  types: string[];
  address: string;
  min_amount: MoneyString;
  /**
   * Only on a watched network, where the address is the caller's own and a transfer to it is
   * credited by itself: the confirmations it needs. Absent where a transfer is proved by upload.
   */
  confirmations?: number;
  /**
   * Only on a shared address whose transfers the server reads on the chain: a recharge that gives
   * its transaction hash (`txid`) and matches it is credited without waiting for an operator.
   */
  checked?: true;
  /**
   * Only where `checked`: the caller's latest reservation at this address of the last day that no
   * recharge has used yet, held or ended, so a screen opened again shows the amount to send.
   */
  quote?: RechargeQuote;
}

/**
 * *(added)* A unique amount reserved for one customer's transfer to a shared address whose proofs
 * are checked: the amount asked for plus 0.01–0.99, given to nobody else at that address for a day.
 * A transfer of exactly `exact_amount` made before `expires_at`, named in a recharge with
 * `quote_id`, is credited without an operator.
 */
export interface RechargeQuote {
  id: number;
  type: string;
  address: string;
  /** What the customer asked to recharge. */
  amount: MoneyString;
  /** What to send, to the cent; the recharge is of this amount. */
  exact_amount: MoneyString;
  created_at: IsoTime;
  expires_at: IsoTime;
}

/** A transfer to the caller's own address on a watched network, as the chain shows it. */
export interface Deposit {
  id: number;
  type: string;
  tx_hash: string;
  amount: MoneyString;
  state: DepositState;
  confirmations: number;
  needed: number;
  created_at: IsoTime;
}

export interface ReviewCreated {
  id: number;
  state: 'audit';
}

export interface AssetLogEntry {
  id: number;
  kind: LedgerKind;
  amount: MoneyString;
  balance: MoneyString;
  status: 'PAID';
  remark: string;
  created_at: IsoTime;
}

export interface FundLogTotals {
  balance: MoneyString;
  business_usdt: MoneyString;
  income: MoneyString;
  expenses: MoneyString;
}

export interface AssetTotals {
  balance: MoneyString;
  recharge_amount: MoneyString;
  total_acquisition: MoneyString;
  total_sale: MoneyString;
}

export interface TeamTotals {
  team_size: number;
  direct_count: number;
  indirect_count: number;
  team_recharge: MoneyString;
}

export interface TeamMember {
  account: string;
  nickname: string;
  level: 1 | 2;
  created_at: IsoTime;
}

export interface InviteDetail {
  invite_code: string;
  transfer_code: string;
  invite_url: string;
}

interface BankInfoBase {
  bk_id: number;
  created_at: IsoTime;
  /** *(added)* When withdrawals to it may start: its details were bound or changed a while ago. */
  usable_at: IsoTime;
  email: string;
  iban: string;
  country: string;
}

export interface BankCardInfo extends BankInfoBase {
  type: Extract<BankType, 'bank'>;
  full_name: string;
  telephone: string;
  bank_name: string;
  area: string;
  swift: string;
}

export interface WiseInfo extends BankInfoBase {
  type: Extract<BankType, 'wise'>;
  name: string;
  surname: string;
  address: string;
  city: string;
  state_region: string;
}

export type BankInfo = BankCardInfo | WiseInfo;

export interface BoundTypes {
  is_add: boolean;
  types: BankType[];
}

export interface InterestProduct {
  id: number;
  name: string;
  rate: string;
  days: number;
  min_amount: MoneyString;
  max_amount: MoneyString;
}

export interface InterestOrder {
  id: number;
  lixibao_id: number;
  name: string;
  number: MoneyString;
  money: MoneyString;
  rate: string;
  days: number;
  interest: MoneyString;
  time: IsoTime;
  expiration: IsoTime;
  state: InterestOrderState;
}

export interface WithdrawCreated {
  id: number;
  order_no: string;
  state: 'audit';
}

export interface Withdrawal {
  id: number;
  order_no: string;
  type: BankType;
  amount: MoneyString;
  fee: MoneyString;
  account: string;
  state: ReviewState;
  remark: string;
  created_at: IsoTime;
  updated_at: IsoTime;
}

export interface HallTotals {
  total_volume: MoneyString;
  today_volume: MoneyString;
  merchants: number;
  my_sold: MoneyString;
}

export interface CompletedSale {
  account: string;
  number: MoneyString;
  unit_price: MoneyString;
  currency: string;
  time: IsoTime;
}

export interface MerchantSummary {
  id: number;
  name: string;
  avatar: string;
  completion_rate: string;
  orders_count: number;
}

export interface Offer {
  id: number;
  order_no: string;
  merchant: MerchantSummary;
  unit_price: MoneyString;
  currency: string;
  quantity: MoneyString;
  remaining: MoneyString;
  min_number: MoneyString;
  /** The most one sale can take: the offer's largest sale, or what is left when that is less. */
  max_number: MoneyString;
}

/**
 * `data` of the 409 to `saleu/create-order` when the offer's price or currency is no longer the
 * one sent: nothing was sold, and `offer` is the offer as it is now.
 */
export interface SalePriceChangedData {
  field: 'unit_price';
  offer: Offer;
}

export interface Merchant extends MerchantSummary {
  best_offer: Offer | null;
}

export interface SaleOrder {
  id: number;
  order_no: string;
  saleu_id: number;
  merchant_name: string;
  number: MoneyString;
  unit_price: MoneyString;
  amount: MoneyString;
  currency: string;
  state: SaleOrderState;
  matching_time: IsoTime | null;
  created_at: IsoTime;
}

export interface ContactChannel {
  id: number;
  name: string;
  type: ContactChannelType;
  url: string;
}

export type Empty = Record<string, never>;

/** A browser's and a system's name, as its User-Agent tells them; empty where it does not. */
export interface DeviceDescription {
  browser: string;
  os: string;
}

/** Roughly where an address is: this computer, a local network, or a range on the internet. */
export interface NetworkPlace {
  network: 'loopback' | 'private' | 'public';
  /** An IPv4 /16 or an IPv6 /48 ("203.0.0.0/16"); empty when the address is unknown. */
  range: string;
}

/** A signed-in device, as My → Security lists it. */
export interface SessionSummary extends DeviceDescription, NetworkPlace {
  /** A handle for ending it; not the session's token. */
  id: string;
  current: boolean;
  created_at: IsoTime;
  last_seen_at: IsoTime;
}

/** A sign-in or a failed attempt on the account. */
export interface SignInRecord extends DeviceDescription, NetworkPlace {
  at: IsoTime;
  outcome: 'success' | 'failure';
  method: 'password' | 'passkey' | 'register';
  ip: string;
}

export interface SecuritySettings {
  /**
   * Whether every e-mail we send this customer starts with their phrase. The phrase itself is
   * shown only for a fresh proof (`security/show-anti-phishing`).
   */
  anti_phishing_set: boolean;
  /** How long a new or changed payout account waits before withdrawals to it. */
  withdraw_hold_hours: number;
}

/** A passkey on the account, as My → Security lists it. */
export interface PasskeySummary {
  id: number;
  /** Where it was added ("Chrome on Android"), or the name the customer gave it. */
  name: string;
  created_at: IsoTime;
  last_used_at: IsoTime | null;
}

/**
 * Options for the browser's WebAuthn ceremony (the JSON form of PublicKeyCredentialCreationOptions
 * or …RequestOptions, as @simplewebauthn/browser takes it), and the handle of the challenge in
 * them, to send back with the answer. Typed loosely here so the contract needs no library.
 */
export interface PasskeyCeremony {
  challenge_id: string;
  options: Record<string, unknown>;
}

export interface CallResponses {
  'sms/send-code': { retry_after: number };
  'user/register': AuthResult;
  'user/login': AuthResult;
  'user/reset-password': Empty;
  'user/logout': Empty;
  'userinfo/get-info': UserInfo;
  'userinfo/get-money-info': MoneyInfo;
  'userinfo/save': UserInfo;
  'recharge/shoukuan-address': ReceivingAddress;
  'recharge/deposits': { deposits: Deposit[] };
  'recharge/quote': RechargeQuote;
  'recharge/create': ReviewCreated;
  'asset-log/list': Page<AssetLogEntry>;
  'asset-log/tongji': FundLogTotals;
  'property/tongji': AssetTotals;
  'team/tongji': TeamTotals;
  'team/list': Page<TeamMember>;
  'invite/detail': InviteDetail;
  'bankinfo/list': Page<BankInfo>;
  'bankinfo/create': BankInfo;
  'bankinfo/get-is-add': BoundTypes;
  'bankinfo/detail': BankInfo;
  'lixibao/list': Page<InterestProduct>;
  'lixibao/create-order': InterestOrder;
  'lixibao/list-order': Page<InterestOrder>;
  'withdraw/create': WithdrawCreated;
  'withdraw/list': Page<Withdrawal>;
  'selling/tongji': HallTotals;
  'selling/history': { list: CompletedSale[] };
  'selling/order': Page<Offer>;
  'selling/merchant': Page<Merchant>;
  'saleu/create-order': SaleOrder;
  'saleu/list-order': Page<SaleOrder>;
  'team/kefu-list': { list: ContactChannel[] };
  'attach/upload': { url: string };
  'security/sessions': Page<SessionSummary>;
  'security/end-session': Empty;
  'security/end-other-sessions': { ended: number };
  'security/sign-ins': { list: SignInRecord[] };
  'security/settings': SecuritySettings;
  'security/show-anti-phishing': { anti_phishing: string };
  'security/set-anti-phishing': SecuritySettings;
  /** The server's VAPID public key (base64url), the `applicationServerKey` of a subscription. */
  'push/key': { public_key: string };
  'push/subscribe': Empty;
  'push/unsubscribe': Empty;
  'passkey/register-options': PasskeyCeremony;
  'passkey/register': PasskeySummary;
  'passkey/list': Page<PasskeySummary>;
  'passkey/remove': Empty;
  'passkey/sign-in-options': PasskeyCeremony;
  'passkey/sign-in': AuthResult;
  'passkey/withdraw-options': PasskeyCeremony;
  'passkey/confirm-options': PasskeyCeremony;
}

export type CallResponse<P extends CallPath> = CallResponses[P];
