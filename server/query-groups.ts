import { auditQueries } from './staff/audit-queries';
import { bankQueries } from './withdrawals/payout-account-queries';
import { chainQueries } from './deposits/chain/queries';
import { codesQueries } from './auth/code-queries';
import type { Queries, QueryGroupName } from './platform/database/queries';
import type { SqlRunner } from './platform/database/sql';
import { eventsQueries } from './live/queries';
import { idempotencyQueries } from './ledger/idempotency-queries';
import { integrityQueries } from './ledger/integrity-queries';
import { customerServiceQueries } from './settings/contact-channel-queries';
import { knownDevicesQueries } from './auth/known-device-queries';
import { ledgerQueries } from './ledger/queries';
import { interestWalletQueries } from './interest-wallet/queries';
import { moneyQueries } from './ledger/money-queries';
import { operatorsQueries } from './staff/operator-queries';
import { passkeysQueries } from './auth/passkey-queries';
import { pushQueries } from './push/queries';
import { rateLimitsQueries } from './platform/security/rate-limit-queries';
import { rechargeQueries } from './deposits/queries';
import { reviewQueries } from './review/queries';
import { sellingQueries } from './selling/queries';
import { sessionsQueries } from './auth/session-queries';
import { settingsQueries } from './staff/limit-raise-queries';
import { signInsQueries } from './auth/sign-in-queries';
import { teamQueries } from './team/queries';
import { uploadsQueries } from './uploads/queries';
import { usersQueries } from './customers/queries';
import { withdrawQueries } from './withdrawals/queries';

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
} satisfies { [Group in QueryGroupName]: (db: SqlRunner) => Queries[Group] };

/** The names of the groups of statements, as `Queries` has them. */
export const QUERY_GROUPS = Object.keys(GROUPS) as QueryGroupName[];

/** One runner's groups, each built the first time it is read (the getters are added below, once). */
class QueriesOf {
  readonly built = new Map<QueryGroupName, object>();
  constructor(readonly db: SqlRunner) {}
  boundTo(runner: SqlRunner): Queries {
    return createQueries(runner);
  }
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
