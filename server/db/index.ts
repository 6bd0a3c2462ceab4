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

/**
 * Every statement of the server, grouped by area, bound to what runs them: the database, or one
 * open transaction (then built for that transaction, which is cheap: no statement is prepared
 * here, the engine prepares each text once).
 */
export function createQueries(db: SqlRunner) {
  return {
    audit: auditQueries(db),
    bank: bankQueries(db),
    chain: chainQueries(db),
    codes: codesQueries(db),
    events: eventsQueries(db),
    idempotency: idempotencyQueries(db),
    integrity: integrityQueries(db),
    customerService: customerServiceQueries(db),
    knownDevices: knownDevicesQueries(db),
    ledger: ledgerQueries(db),
    interestWallet: interestWalletQueries(db),
    money: moneyQueries(db),
    operators: operatorsQueries(db),
    passkeys: passkeysQueries(db),
    push: pushQueries(db),
    rateLimits: rateLimitsQueries(db),
    recharge: rechargeQueries(db),
    review: reviewQueries(db),
    selling: sellingQueries(db),
    sessions: sessionsQueries(db),
    settings: settingsQueries(db),
    signIns: signInsQueries(db),
    team: teamQueries(db),
    uploads: uploadsQueries(db),
    users: usersQueries(db),
    withdraw: withdrawQueries(db),
  };
}

export type Queries = ReturnType<typeof createQueries>;
