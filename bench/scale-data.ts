import { createHash } from 'node:crypto';
import { LEDGER_KINDS } from '../contract/rules';
import type { SqlValue } from '../server/platform/database/sql';

/**
 * The large data set of `npm run bench -- scale`, planned in memory from a seeded PRNG: a modest
 * live service's customers, orders and ledger, with every invariant `ops check` proves kept
 * (balance = sum of ledger, each row's balance_after following the row before, each order's
 * ledger rows per its state, each offer's remaining = quantity less what was sold). The plan is
 * written into a database by bench/scale-store.ts; this file knows nothing of engines.
 */

export const SEED = 20_261_125;

/** How the benchmark signs in as the data set's people; one password hash serves every customer. */
export const CUSTOMER_PASSWORD = 'Scale-bench-12345';
export const OPERATOR = {
  name: 'bench',
  password: 'Scale-operator-12345',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};

/** The data set's clock: two years of history, fixed, so a cached copy stays the same data. */
const START_MS = Date.parse('2024-11-01T00:00:00.000Z');
const END_MS = Date.parse('2026-11-01T00:00:00.000Z');
const SPAN_SECONDS = (END_MS - START_MS) / 1000;
const DAY = 86_400;

const KINDS = LEDGER_KINDS;
const Kind = {
  recharge: 0,
  sale: 1,
  saleRefund: 2,
  lixibaoBuy: 3,
  lixibaoReturn: 4,
  interest: 5,
  withdraw: 6,
  withdrawRefund: 7,
  adjust: 8,
} as const;
const REF_TYPE = ['recharge', 'sale', 'sale', 'lixibao', 'lixibao', 'lixibao', 'withdraw', 'withdraw', ''] as const;

const SALE_STATES = ['completion', 'reject', 'audit'] as const;
const REVIEW_STATES = ['success', 'failure', 'audit'] as const;
const INTEREST_STATES = ['done', 'holding'] as const;

/** name, rate (basis points), days, min and max in cents; the last one is what holdings still run in. */
const PRODUCTS: [string, number, number, number, number][] = [
  ['Flexible 7 days', 365, 7, 1_000, 500_000],
  ['Steady 30 days', 600, 30, 10_000, 2_000_000],
  ['Growth 90 days', 900, 90, 50_000, 5_000_000],
  ['Long term 3 years', 1_200, 1_095, 1_000, 10_000_000],
];
const HOLDING_PRODUCT = PRODUCTS.length - 1;

/** The sizes at scale 1, as the brief of the benchmark gives them. */
export interface ScaleSizes {
  users: number;
  rootInvitees: number;
  chainDepth: number;
  ledger: number;
  heaviestLedger: number;
  sales: number;
  heaviestSales: number;
  rechargesAndWithdrawals: number;
  offers: number;
  merchants: number;
  interestOrders: number;
}

export function sizesAt(factor: number): ScaleSizes {
  const scaled = (count: number, least = 1) => Math.max(least, Math.round(count * factor));
  return {
    users: scaled(200_000, 100),
    rootInvitees: scaled(50_000, 10),
    chainDepth: scaled(10_000, 10),
    ledger: scaled(5_000_000, 2_000),
    heaviestLedger: scaled(500_000, 200),
    sales: scaled(500_000, 200),
    heaviestSales: scaled(50_000, 20),
    rechargesAndWithdrawals: scaled(200_000, 100),
    offers: scaled(2_000, 20),
    merchants: scaled(200, 5),
    interestOrders: scaled(100_000, 50),
  };
}

/** mulberry32: small, fast and the same on every machine. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const iso = (seconds: number) => new Date(START_MS + seconds * 1000).toISOString();

/** A code unique per number, in the invitation code's alphabet (upper case and digits, 6 to 12). */
const code = (prefix: string, value: number) => `${prefix}${value.toString(36).toUpperCase().padStart(7, '0')}`;
export const accountOf = (id: number) => `user${String(id).padStart(6, '0')}`;

/** What the benchmark needs to know about the data set it measures. */
export interface ScaleFacts {
  factor: number;
  sizes: ScaleSizes;
  heaviest: CustomerFacts;
  typical: CustomerFacts;
  operatorName: string;
}

export interface CustomerFacts {
  id: number;
  account: string;
  ledgerLines: number;
  sales: number;
  team: number;
}

/** One table's rows, produced when written: the ledger alone is millions of them. */
export interface TableRows {
  table: string;
  columns: string[];
  rows: () => Iterable<SqlValue[]>;
}

export interface ScalePlan {
  facts: ScaleFacts;
  tables: TableRows[];
}

/**
 * The key of a cached data set: this generator's source (and the writer's), the seed and the
 * factor. Any change to how the data is made makes a new one.
 */
export function planKey(factor: number, sources: string[]): string {
  const hash = createHash('sha256');
  for (const source of sources) hash.update(source);
  hash.update(`${SEED}:${factor}`);
  return hash.digest('hex').slice(0, 16);
}

/**
 * Plans the whole data set. Ledger rows are made as events (a sale's debit, its refund when it
 * was rejected, an operator's adjustment…) with a time each, sorted by time for their ids, and
 * walked customer by customer to give each debit an amount the balance covers.
 */
export function planDataSet(factor: number, passwordHash: string, operatorHash: string): ScalePlan {
  const random = prng(SEED);
  const sizes = sizesAt(factor);
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  /** Log-uniform cents between two amounts: many small, a few large. */
  const amountBetween = (low: number, high: number) => Math.round(low * Math.pow(high / low, random()));
  const userCount = sizes.users;
  const heaviest = 1;

  // Customers: the root (the heaviest), its direct invitees, a deep chain, and a tree of the rest
  // in which earlier customers invited more.
  const inviter = new Int32Array(userCount + 1);
  const created = new Int32Array(userCount + 1);
  const directInvitees = new Int32Array(userCount + 1);
  const chainStart = sizes.rootInvitees + 2;
  const chainEnd = Math.min(userCount, chainStart + sizes.chainDepth - 1);
  for (let id = 2; id <= userCount; id += 1) {
    if (id < chainStart) inviter[id] = heaviest;
    else if (id === chainStart) inviter[id] = 2;
    else if (id <= chainEnd) inviter[id] = id - 1;
    else if (random() < 0.05) inviter[id] = 0;
    else inviter[id] = 2 + Math.floor(Math.pow(random(), 3) * (id - 2));
    increase(directInvitees, inviter[id] ?? 0, 1);
  }
  for (let id = 1; id <= userCount; id += 1) {
    created[id] = Math.floor(((id - 1) / userCount) * SPAN_SECONDS * 0.9);
  }
  const hasBank = (id: number) => id === heaviest || id % 4 === 0;
  const bankHolders: number[] = [];
  for (let id = 1; id <= userCount; id += 1) if (hasBank(id)) bankHolders.push(id);
  const anyUser = () => between(2, userCount);
  /** A time between the customer's sign-up and the end of the data set. */
  const timeOf = (user: number, latestEnd = SPAN_SECONDS) =>
    between((created[user] ?? 0) + 1, Math.max((created[user] ?? 0) + 1, latestEnd));
  const decidedAfter = (at: number) => Math.min(SPAN_SECONDS, at + between(60, 2 * DAY));

  // Orders, each with its ledger events.
  const saleCount = sizes.sales;
  const sale = {
    user: new Int32Array(saleCount),
    offer: new Int32Array(saleCount),
    state: new Uint8Array(saleCount),
    at: new Int32Array(saleCount),
    decided: new Int32Array(saleCount),
    number: new Float64Array(saleCount),
  };
  for (let index = 0; index < saleCount; index += 1) {
    const user = index < sizes.heaviestSales ? heaviest : anyUser();
    const roll = random();
    sale.user[index] = user;
    sale.offer[index] = between(1, sizes.offers);
    sale.state[index] = roll < 0.002 ? 2 : roll < 0.082 ? 1 : 0;
    sale.at[index] = timeOf(user);
    sale.decided[index] = decidedAfter(sale.at[index] ?? 0);
  }
  const rechargeCount = Math.round(sizes.rechargesAndWithdrawals * 0.6);
  const withdrawCount = sizes.rechargesAndWithdrawals - rechargeCount;
  const reviewState = () => {
    const roll = random();
    return roll < 0.0005 ? 2 : roll < 0.08 ? 1 : 0;
  };
  const recharge = {
    user: new Int32Array(rechargeCount),
    state: new Uint8Array(rechargeCount),
    at: new Int32Array(rechargeCount),
    decided: new Int32Array(rechargeCount),
    amount: new Float64Array(rechargeCount),
  };
  for (let index = 0; index < rechargeCount; index += 1) {
    const user = index < rechargeCount / 100 ? heaviest : anyUser();
    recharge.user[index] = user;
    recharge.state[index] = index % 1000 === 500 ? 2 : reviewState();
    recharge.at[index] = timeOf(user);
    recharge.decided[index] = decidedAfter(recharge.at[index] ?? 0);
    recharge.amount[index] = amountBetween(5_000, 500_000);
  }
  const withdraw = {
    user: new Int32Array(withdrawCount),
    state: new Uint8Array(withdrawCount),
    at: new Int32Array(withdrawCount),
    decided: new Int32Array(withdrawCount),
    amount: new Float64Array(withdrawCount),
  };
  for (let index = 0; index < withdrawCount; index += 1) {
    const user = index < withdrawCount / 100 ? heaviest : (bankHolders[between(0, bankHolders.length - 1)] ?? 1);
    withdraw.user[index] = user;
    withdraw.state[index] = index % 1000 === 500 ? 2 : reviewState();
    withdraw.at[index] = timeOf(user);
    withdraw.decided[index] = decidedAfter(withdraw.at[index] ?? 0);
  }
  const interestCount = sizes.interestOrders;
  const holding = {
    user: new Int32Array(interestCount),
    product: new Uint8Array(interestCount),
    state: new Uint8Array(interestCount),
    at: new Int32Array(interestCount),
    number: new Float64Array(interestCount),
    interest: new Float64Array(interestCount),
  };
  for (let index = 0; index < interestCount; index += 1) {
    const user = index < interestCount / 100 ? heaviest : anyUser();
    let product = between(0, HOLDING_PRODUCT - 1);
    const days = PRODUCTS[product]?.[2] ?? 7;
    const latestStart = SPAN_SECONDS - days * DAY - DAY;
    // Holdings still running started lately in the long product: none comes due while benched.
    const done = random() < 0.6 && (created[user] ?? 0) + 1 < latestStart;
    if (!done) product = HOLDING_PRODUCT;
    holding.user[index] = user;
    holding.product[index] = product;
    holding.state[index] = done ? 0 : 1;
    holding.at[index] = done
      ? timeOf(user, latestStart)
      : Math.max((created[user] ?? 0) + 1, SPAN_SECONDS - between(1, 180) * DAY);
  }

  // Ledger events: the orders' first, then one opening credit per customer, then adjustments to
  // the sizes asked for (the heaviest customer's share first).
  const orderLines =
    saleCount +
    countWhere(sale.state, 1) +
    (rechargeCount - countWhere(recharge.state, 1) - countWhere(recharge.state, 2)) +
    withdrawCount +
    countWhere(withdraw.state, 1) +
    interestCount +
    countWhere(holding.state, 0) * 2;
  const total = Math.max(sizes.ledger, orderLines + userCount);
  if (total >= 2 ** 23) throw new Error('the ledger is too large for the event keys (SCALE_FACTOR ≤ 1)');
  const event = {
    user: new Int32Array(total),
    kind: new Uint8Array(total),
    ref: new Int32Array(total),
    at: new Int32Array(total),
    amount: new Float64Array(total),
    balance: new Float64Array(total),
  };
  let events = 0;
  const add = (user: number, kind: number, ref: number, at: number) => {
    event.user[events] = user;
    event.kind[events] = kind;
    event.ref[events] = ref;
    event.at[events] = at;
    events += 1;
  };
  for (let user = 1; user <= userCount; user += 1) add(user, Kind.adjust, -1, created[user] ?? 0);
  for (let index = 0; index < saleCount; index += 1) {
    add(sale.user[index] ?? 0, Kind.sale, index, sale.at[index] ?? 0);
    if (sale.state[index] === 1) add(sale.user[index] ?? 0, Kind.saleRefund, index, sale.decided[index] ?? 0);
  }
  for (let index = 0; index < rechargeCount; index += 1) {
    if (recharge.state[index] === 0) add(recharge.user[index] ?? 0, Kind.recharge, index, recharge.decided[index] ?? 0);
  }
  for (let index = 0; index < withdrawCount; index += 1) {
    add(withdraw.user[index] ?? 0, Kind.withdraw, index, withdraw.at[index] ?? 0);
    if (withdraw.state[index] === 1)
      add(withdraw.user[index] ?? 0, Kind.withdrawRefund, index, withdraw.decided[index] ?? 0);
  }
  for (let index = 0; index < interestCount; index += 1) {
    const user = holding.user[index] ?? 0;
    const at = holding.at[index] ?? 0;
    add(user, Kind.lixibaoBuy, index, at);
    if (holding.state[index] === 0) {
      const maturity = at + (PRODUCTS[holding.product[index] ?? 0]?.[2] ?? 7) * DAY;
      add(user, Kind.lixibaoReturn, index, maturity);
      add(user, Kind.interest, index, maturity);
    }
  }
  const heaviestSoFar = countWhere(event.user.subarray(0, events), heaviest);
  for (let count = heaviestSoFar; count < sizes.heaviestLedger && events < total; count += 1)
    add(heaviest, Kind.adjust, -2, timeOf(heaviest));
  while (events < total) {
    const user = anyUser();
    add(user, Kind.adjust, -2, timeOf(user));
  }

  // Ids by time: a key of time and event index, sorted natively.
  const keys = new Float64Array(events);
  for (let index = 0; index < events; index += 1) keys[index] = (event.at[index] ?? 0) * 2 ** 23 + index;
  keys.sort();
  const order = new Int32Array(events);
  for (let id = 0; id < events; id += 1) order[id] = (keys[id] ?? 0) % 2 ** 23;

  // Amounts, customer by customer in id order: a debit takes what the customer asks within what
  // the balance holds; an adjustment tops up a low balance or takes a little off a high one.
  const firstOfUser = new Int32Array(userCount + 2);
  for (let index = 0; index < events; index += 1) increase(firstOfUser, (event.user[index] ?? 0) + 1, 1);
  for (let user = 1; user <= userCount + 1; user += 1) increase(firstOfUser, user, firstOfUser[user - 1] ?? 0);
  const byUser = new Int32Array(events);
  const fill = firstOfUser.slice();
  for (let id = 0; id < events; id += 1) {
    const index = order[id] ?? 0;
    const user = event.user[index] ?? 0;
    byUser[fill[user] ?? 0] = index;
    increase(fill, user, 1);
  }
  const balanceOf = new Float64Array(userCount + 1);
  /** A debit takes what the customer asks, but never the whole balance, so the next one finds some. */
  const debit = (wanted: number, balance: number) => -Math.min(wanted, Math.floor(balance * 0.9));
  for (let user = 1; user <= userCount; user += 1) {
    // A customer whose debits outran their credits is walked again with a larger opening credit.
    for (let opening = 1; !walk(user, opening); opening *= 10) {
      if (opening > 1e6) throw new Error(`no opening credit covers user ${user}'s debits`);
    }
  }
  function walk(user: number, opening: number): boolean {
    let balance = 0;
    for (let position = firstOfUser[user] ?? 0; position < (firstOfUser[user + 1] ?? 0); position += 1) {
      const index = byUser[position] ?? 0;
      const ref = event.ref[index] ?? 0;
      let amount = 0;
      switch (event.kind[index]) {
        case Kind.adjust:
          if (ref === -1) amount = amountBetween(100_000, 2_000_000) * opening;
          else if (balance < 50_000 || random() < 0.55) amount = amountBetween(1_000, 200_000);
          else amount = -Math.max(1, Math.floor(Math.min(amountBetween(1_000, 100_000), balance / 2)));
          break;
        case Kind.recharge:
          amount = recharge.amount[ref] ?? 1;
          break;
        case Kind.sale:
          amount = debit(amountBetween(1_000, 200_000), balance);
          sale.number[ref] = -amount;
          break;
        case Kind.saleRefund:
          amount = sale.number[ref] ?? 0;
          break;
        case Kind.withdraw:
          amount = debit(amountBetween(1_000, 200_000), balance);
          withdraw.amount[ref] = -amount;
          break;
        case Kind.withdrawRefund:
          amount = withdraw.amount[ref] ?? 0;
          break;
        case Kind.lixibaoBuy: {
          amount = debit(amountBetween(1_000, 500_000), balance);
          holding.number[ref] = -amount;
          const [, rate, days] = PRODUCTS[holding.product[ref] ?? 0] ?? [];
          holding.interest[ref] = Math.floor((-amount * (rate ?? 0) * (days ?? 0)) / (365 * 10_000));
          break;
        }
        case Kind.lixibaoReturn:
          amount = holding.number[ref] ?? 0;
          break;
        case Kind.interest:
          amount = holding.interest[ref] ?? 0;
          // No interest, no row (see `kept`).
          if (amount === 0) continue;
          break;
      }
      if (amount === 0) return false;
      balance += amount;
      event.amount[index] = amount;
      event.balance[index] = balance;
    }
    balanceOf[user] = balance;
    return true;
  }
  // An interest row only where there is interest: the others were planned and are dropped here.
  const kept = (index: number) =>
    event.kind[index] !== Kind.interest || (holding.interest[event.ref[index] ?? 0] ?? 0) > 0;

  const offerCount = sizes.offers;
  const sold = new Float64Array(offerCount + 1);
  const completedOfMerchant = new Int32Array(sizes.merchants + 1);
  const offerMerchant = new Int32Array(offerCount + 1);
  for (let offer = 1; offer <= offerCount; offer += 1) offerMerchant[offer] = between(1, sizes.merchants);
  for (let index = 0; index < saleCount; index += 1) {
    if (sale.state[index] !== 1) increase(sold, sale.offer[index] ?? 0, sale.number[index] ?? 0);
    if (sale.state[index] === 0) increase(completedOfMerchant, offerMerchant[sale.offer[index] ?? 0] ?? 0, 1);
  }

  // The typical customer: ordinary amounts, tens of ledger lines, a few sales, a small team.
  const linesOf = (user: number) => (firstOfUser[user + 1] ?? 0) - (firstOfUser[user] ?? 0);
  const salesOf = new Int32Array(userCount + 1);
  for (let index = 0; index < saleCount; index += 1) increase(salesOf, sale.user[index] ?? 0, 1);
  const teamOf = (user: number) => {
    let team = 0;
    for (let id = 2; id <= userCount; id += 1) {
      const parent = inviter[id] ?? 0;
      if (parent === user || (parent !== 0 && inviter[parent] === user)) team += 1;
    }
    return team;
  };
  let typical = 0;
  for (const [lines, sales, direct] of [
    [20, 2, 2],
    [10, 1, 1],
    [1, 0, 0],
  ] as const) {
    for (let user = chainEnd + 1; user <= userCount && typical === 0; user += 1) {
      const count = linesOf(user);
      const invited = directInvitees[user] ?? 0;
      if (
        hasBank(user) &&
        count >= lines &&
        count <= 60 &&
        (salesOf[user] ?? 0) >= sales &&
        (salesOf[user] ?? 0) <= 5 &&
        invited >= direct &&
        invited <= 8
      )
        typical = user;
    }
    if (typical !== 0) break;
  }
  if (typical === 0) throw new Error('no customer fits the typical one');
  const factsOf = (id: number): CustomerFacts => ({
    id,
    account: accountOf(id),
    ledgerLines: linesOf(id),
    sales: salesOf[id] ?? 0,
    team: teamOf(id),
  });

  const at = (seconds: number) => iso(seconds);
  const operatorAt = iso(0);
  const tables: TableRows[] = [
    {
      table: 'users',
      columns: [
        'id',
        'account',
        'account_key',
        'email',
        'email_key',
        'password_hash',
        'nickname',
        'invite_code',
        'transfer_code',
        'inviter_id',
        'vip',
        'balance',
        'status',
        'created_at',
      ],
      *rows() {
        for (let id = 1; id <= userCount; id += 1) {
          const account = accountOf(id);
          const email = `${account}@example.com`;
          yield [
            id,
            account,
            account,
            email,
            email,
            passwordHash,
            `Customer ${id}`,
            code('I', id),
            code('T', id),
            inviter[id] || null,
            id % 10 === 0 ? 1 : 0,
            balanceOf[id] ?? 0,
            'active',
            at(created[id] ?? 0),
          ];
        }
      },
    },
    {
      table: 'operators',
      columns: [
        'id',
        'name',
        'role',
        'password_hash',
        'must_change_password',
        'totp_secret',
        'status',
        'created_at',
        'enrolled_at',
      ],
      *rows() {
        yield [1, OPERATOR.name, 'admin', operatorHash, 0, OPERATOR.totpSecret, 'active', operatorAt, operatorAt];
      },
    },
    {
      table: 'merchants',
      columns: ['id', 'name', 'avatar', 'completion_rate', 'orders_count', 'created_at'],
      *rows() {
        for (let id = 1; id <= sizes.merchants; id += 1)
          yield [id, `Merchant ${id}`, '', 9_000 + ((id * 37) % 1_000), completedOfMerchant[id] ?? 0, at(0)];
      },
    },
    {
      table: 'offers',
      columns: [
        'id',
        'order_no',
        'merchant_id',
        'unit_price',
        'currency',
        'quantity',
        'remaining',
        'min_number',
        'max_number',
        'paused',
        'created_at',
      ],
      *rows() {
        const offerRandom = prng(SEED + 1);
        for (let id = 1; id <= offerCount; id += 1) {
          const minimum = 1_000 * (1 + Math.floor(offerRandom() * 5));
          const exhausted = offerRandom() < 0.3;
          let remaining = exhausted
            ? Math.floor(offerRandom() * minimum)
            : 100_000 + Math.floor(offerRandom() * 10_000_000);
          if ((sold[id] ?? 0) + remaining <= 0) remaining = minimum * 10;
          const currency = ['USD', 'EUR', 'GBP'][id % 3] ?? 'USD';
          yield [
            id,
            code('S', id),
            offerMerchant[id] ?? 1,
            80 + (id % 25),
            currency,
            (sold[id] ?? 0) + remaining,
            remaining,
            minimum,
            minimum * 100,
            offerRandom() < 0.05 ? 1 : 0,
            at(0),
          ];
        }
      },
    },
    {
      table: 'sale_orders',
      columns: [
        'id',
        'order_no',
        'user_id',
        'offer_id',
        'number',
        'unit_price',
        'amount',
        'currency',
        'state',
        'matching_time',
        'remark',
        'created_at',
        'updated_at',
      ],
      *rows() {
        for (let index = 0; index < saleCount; index += 1) {
          const offer = sale.offer[index] ?? 1;
          const price = 80 + (offer % 25);
          const number = sale.number[index] ?? 0;
          const state = sale.state[index] ?? 0;
          const placed = at(sale.at[index] ?? 0);
          yield [
            index + 1,
            code('S', 10_000_000 + index),
            sale.user[index] ?? 1,
            offer,
            number,
            price,
            Math.round((number * price) / 100),
            ['USD', 'EUR', 'GBP'][offer % 3] ?? 'USD',
            SALE_STATES[state] ?? 'completion',
            placed,
            state === 1 ? 'not received' : '',
            placed,
            state === 2 ? placed : at(sale.decided[index] ?? 0),
          ];
        }
      },
    },
    {
      table: 'recharges',
      columns: [
        'id',
        'user_id',
        'type',
        'category',
        'address',
        'amount',
        'credentials',
        'state',
        'remark',
        'created_at',
        'updated_at',
        'proof_hash',
      ],
      *rows() {
        for (let index = 0; index < rechargeCount; index += 1) {
          const state = recharge.state[index] ?? 0;
          const proof = createHash('sha256').update(`proof ${index}`).digest('hex');
          yield [
            index + 1,
            recharge.user[index] ?? 1,
            'TRC20',
            'USDT',
            'TSCALExBENCHxRECEIVINGxADDRESS',
            recharge.amount[index] ?? 1,
            `/uploads/${proof.slice(0, 32)}.png`,
            REVIEW_STATES[state] ?? 'success',
            state === 1 ? 'no transfer found' : '',
            at(recharge.at[index] ?? 0),
            at(state === 2 ? (recharge.at[index] ?? 0) : (recharge.decided[index] ?? 0)),
            `sha256:${proof}`,
          ];
        }
      },
    },
    {
      table: 'bank_accounts',
      columns: ['id', 'user_id', 'type', 'details', 'created_at', 'changed_at'],
      *rows() {
        for (const [index, user] of bankHolders.entries()) {
          const account = accountOf(user);
          const details = JSON.stringify({
            full_name: `Customer ${user}`,
            telephone: '+4915112345678',
            email: `${account}@example.com`,
            iban: `DE89${String(370400440000000000 + user).padStart(18, '0')}`,
            bank_name: 'Example Bank',
            area: 'Berlin',
            country: 'Germany',
            swift: 'EXAMDEBBXXX',
          });
          const bound = at((created[user] ?? 0) + 1);
          yield [index + 1, user, 'bank', details, bound, bound];
        }
      },
    },
    {
      table: 'withdrawals',
      columns: [
        'id',
        'order_no',
        'user_id',
        'type',
        'bank_account_id',
        'amount',
        'fee',
        'state',
        'remark',
        'created_at',
        'updated_at',
      ],
      *rows() {
        const bankOf = new Map(bankHolders.map((user, index) => [user, index + 1]));
        for (let index = 0; index < withdrawCount; index += 1) {
          const state = withdraw.state[index] ?? 0;
          const user = withdraw.user[index] ?? 1;
          yield [
            index + 1,
            code('W', index),
            user,
            'bank',
            bankOf.get(user) ?? 1,
            withdraw.amount[index] ?? 1,
            0,
            REVIEW_STATES[state] ?? 'success',
            state === 1 ? 'account closed' : '',
            at(withdraw.at[index] ?? 0),
            at(state === 2 ? (withdraw.at[index] ?? 0) : (withdraw.decided[index] ?? 0)),
          ];
        }
      },
    },
    {
      table: 'products',
      columns: ['id', 'name', 'rate', 'days', 'min_amount', 'max_amount', 'created_at'],
      *rows() {
        for (const [index, [name, rate, days, min, max]] of PRODUCTS.entries())
          yield [index + 1, name, rate, days, min, max, at(0)];
      },
    },
    {
      table: 'interest_orders',
      columns: [
        'id',
        'user_id',
        'product_id',
        'name',
        'number',
        'rate',
        'days',
        'interest',
        'started_at',
        'expires_at',
        'state',
        'paid_at',
      ],
      *rows() {
        for (let index = 0; index < interestCount; index += 1) {
          const product = holding.product[index] ?? 0;
          const [name, rate, days] = PRODUCTS[product] ?? ['', 0, 1];
          const started = holding.at[index] ?? 0;
          const expires = started + days * DAY;
          const done = holding.state[index] === 0;
          yield [
            index + 1,
            holding.user[index] ?? 1,
            product + 1,
            name,
            holding.number[index] ?? 1,
            rate,
            days,
            holding.interest[index] ?? 0,
            at(started),
            at(expires),
            INTEREST_STATES[holding.state[index] ?? 0] ?? 'holding',
            done ? at(expires) : null,
          ];
        }
      },
    },
    {
      table: 'ledger',
      columns: ['id', 'user_id', 'kind', 'amount', 'balance_after', 'ref_type', 'ref_id', 'remark', 'created_at'],
      *rows() {
        let id = 0;
        for (let position = 0; position < events; position += 1) {
          const index = order[position] ?? 0;
          if (!kept(index)) continue;
          id += 1;
          const kind = event.kind[index] ?? Kind.adjust;
          const ref = event.ref[index] ?? 0;
          yield [
            id,
            event.user[index] ?? 1,
            KINDS[kind] ?? 'adjust',
            event.amount[index] ?? 0,
            event.balance[index] ?? 0,
            REF_TYPE[kind] ?? '',
            kind === Kind.adjust ? null : ref + 1,
            kind === Kind.adjust ? 'operator adjustment' : '',
            at(event.at[index] ?? 0),
          ];
        }
      },
    },
    {
      table: 'audit_log',
      columns: [
        'id',
        'actor',
        'action',
        'target_type',
        'target_id',
        'detail',
        'created_at',
        'user_id',
        'before_value',
        'after_value',
      ],
      *rows() {
        // One row per decision an operator made, in time order.
        const decisions: { at: number; kind: 'recharge' | 'withdraw' | 'sale'; index: number }[] = [];
        for (let index = 0; index < saleCount; index += 1)
          if (sale.state[index] !== 2) decisions.push({ at: sale.decided[index] ?? 0, kind: 'sale', index });
        for (let index = 0; index < rechargeCount; index += 1)
          if (recharge.state[index] !== 2)
            decisions.push({ at: recharge.decided[index] ?? 0, kind: 'recharge', index });
        for (let index = 0; index < withdrawCount; index += 1)
          if (withdraw.state[index] !== 2)
            decisions.push({ at: withdraw.decided[index] ?? 0, kind: 'withdraw', index });
        decisions.sort((a, b) => a.at - b.at);
        for (const [position, decision] of decisions.entries()) {
          const table = decision.kind === 'sale' ? sale : decision.kind === 'recharge' ? recharge : withdraw;
          const state = table.state[decision.index] ?? 0;
          const after = decision.kind === 'sale' ? SALE_STATES[state] : REVIEW_STATES[state];
          const amount =
            decision.kind === 'sale'
              ? (sale.number[decision.index] ?? 0)
              : decision.kind === 'recharge'
                ? (recharge.amount[decision.index] ?? 0)
                : (withdraw.amount[decision.index] ?? 0);
          yield [
            position + 1,
            `ops${1 + (decision.index % 3)}`,
            state === 1 ? 'reject' : 'approve',
            decision.kind,
            decision.index + 1,
            (amount / 100).toFixed(2),
            at(decision.at),
            table.user[decision.index] ?? 1,
            'audit',
            after ?? '',
          ];
        }
      },
    },
    {
      table: 'receiving_addresses',
      columns: ['type', 'address', 'min_amount', 'position', 'updated_at'],
      *rows() {
        yield ['TRC20', 'TSCALExBENCHxRECEIVINGxADDRESS', 1_000, 1, at(0)];
        yield ['ERC20', '0xSCALE00BENCH00RECEIVING00ADDRESS', 2_000, 2, at(0)];
      },
    },
    {
      table: 'contact_channels',
      columns: ['id', 'name', 'type', 'url', 'created_at'],
      *rows() {
        yield [1, 'Telegram support', 'telegram', 'https://t.me/example_support', at(0)];
        yield [2, 'E-mail support', 'email', 'mailto:support@example.com', at(0)];
      },
    },
  ];
  return {
    facts: { factor, sizes, heaviest: factsOf(heaviest), typical: factsOf(typical), operatorName: OPERATOR.name },
    tables,
  };
}

function countWhere(values: ArrayLike<number>, wanted: number): number {
  let count = 0;
  for (let index = 0; index < values.length; index += 1) if (values[index] === wanted) count += 1;
  return count;
}

/** Adds to one cell of a typed array (strict indexing reads a cell as possibly undefined). */
function increase(values: Int32Array | Float64Array, index: number, by: number): void {
  values[index] = (values[index] ?? 0) + by;
}
