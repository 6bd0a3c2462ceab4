import { auditQueries } from './audit';
import { bankQueries } from './bank';
import { chainQueries } from './chain';
import { codesQueries } from './codes';
import type { SqlRunner } from './database';
import { eventsQueries } from './events';
import { idempotencyQueries } from './idempotency';
import { integrityQueries } from './integrity';
import { customerServiceQueries } from './customer-service';
import { knownDevicesQueries } from './known-devices';
import { ledgerQueries } from './ledger';
import { interestWalletQueries } from './interest-wallet';
import { moneyQueries } from './money';
import { operatorsQueries } from './operators';
import { passkeysQueries } from './passkeys';
import { pushQueries } from './push';
import { rateLimitsQueries } from './rate-limits';
import { rechargeQueries } from './recharge';
import { reviewQueries } from './review';
import { sellingQueries } from './selling';
import { sessionsQueries } from './sessions';
import { settingsQueries } from './settings';
import { signInsQueries } from './sign-ins';
import { teamQueries } from './team';
import { uploadsQueries } from './uploads';
import { usersQueries } from './users';
import { withdrawQueries } from './withdraw';

/** Every group of statements, by the name the server reaches it under, and what builds it for a runner. */
const GROUPS = {
  audit: auditQueries,
  bank: bankQueries,
  chain: chainQueries,
  codes: codesQueries,
  events: eventsQueries,
  idempotency: idempotencyQueries,
  integrity: integrityQueries,
  customerService: customerServiceQueries,
  knownDevices: knownDevicesQueries,
  ledger: ledgerQueries,
  interestWallet: interestWalletQueries,
  money: moneyQueries,
  operators: operatorsQueries,
  passkeys: passkeysQueries,
  push: pushQueries,
  rateLimits: rateLimitsQueries,
  recharge: rechargeQueries,
  review: reviewQueries,
  selling: sellingQueries,
  sessions: sessionsQueries,
  settings: settingsQueries,
  signIns: signInsQueries,
  team: teamQueries,
  uploads: uploadsQueries,
  users: usersQueries,
  withdraw: withdrawQueries,
} satisfies Record<string, (db: SqlRunner) => object>;

type Groups = typeof GROUPS;

export type Queries = { readonly [Group in keyof Groups]: ReturnType<Groups[Group]> };

/** The names of the groups of statements, as `Queries` has them. */
export const QUERY_GROUPS = Object.keys(GROUPS) as (keyof Queries)[];

/** One runner's groups, each built the first time it is read (the getters are added below, once). */
class QueriesOf {
  readonly built = new Map<keyof Queries, object>();
  constructor(readonly db: SqlRunner) {}
}
for (const group of QUERY_GROUPS) {
  Object.defineProperty(QueriesOf.prototype, group, {
    get(this: QueriesOf) {
      let built = this.built.get(group);
      if (built === undefined) {
        built = GROUPS[group](this.db);
        this.built.set(group, built);
      }
      return built;
    },
  });
}

/**
 * Every statement of the server, grouped by area, bound to what runs them: the database, or one
 * open transaction. No statement is prepared here (the engine prepares each text once), and a
 * group is built only when it is first used: a transaction uses two or three of the groups, and
 * building all of their some 280 functions each time cost a sale about a tenth of its CPU.
 */
export function createQueries(db: SqlRunner): Queries {
  // QueriesOf's prototype has a getter for each of the groups, so it is every bit a Queries.
  return new QueriesOf(db) as unknown as Queries;
}
