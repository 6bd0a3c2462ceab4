import type { ListedMigration, Migration } from '../migration';
import initialSchema from './001-initial-schema';
import openOrderIndexes from './002-open-order-indexes';
import uploadContent from './003-upload-content';
import rateLimits from './004-rate-limits';
import contactChannels from './005-contact-channels';
import proofDigests from './006-proof-digests';
import operatorsConsole from './007-operators-console';
import pausedOffers from './008-paused-offers';
import securityCentre from './009-security-centre';
import webPush from './010-web-push';
import passkeys from './011-passkeys';
import eventIdsNeverReused from './012-event-ids-never-reused';
import identityKeys from './013-identity-keys';
import guessSourcesAndKnownDevices from './014-guess-sources-and-known-devices';
import passkeyConfirmPurpose from './015-passkey-confirm-purpose';
import hallOffersIndex from './016-hall-offers-index';
import enrolmentApprovalsAppendOnlyAudit from './017-enrolment-approvals-append-only-audit';
import operatorDevices from './018-operator-devices';
import runningTotals from './019-running-totals';
import runningTotalsFill from './020-fill-running-totals';
import chainDeposits from './021-chain-deposits';
import depositPushNotices from './022-deposit-push-notices';
import chainScanHashAndDepositApprovals from './023-chain-scan-hash-and-deposit-approvals';
import chainCheckedProofs from './024-chain-checked-proofs';
import rollingSumIndexes from './025-rolling-sum-indexes';
import chainDust from './026-chain-dust';
import rechargeQuotes from './027-recharge-quotes';
import fourEyes from './028-four-eyes';
import reviewWaiting from './029-review-waiting';

/**
 * Every schema migration, in the order they run: a migration's version is its place here, from 1,
 * and its file is named by that number and its name. Never edit one that has shipped (the start
 * refuses a database whose applied migrations differ from these): add the next file instead.
 */
export const migrations: readonly ListedMigration[] = (
  [
    ['initial-schema', initialSchema],
    ['open-order-indexes', openOrderIndexes],
    ['upload-content', uploadContent],
    ['rate-limits', rateLimits],
    ['contact-channels', contactChannels],
    ['proof-digests', proofDigests],
    ['operators-console', operatorsConsole],
    ['paused-offers', pausedOffers],
    ['security-centre', securityCentre],
    ['web-push', webPush],
    ['passkeys', passkeys],
    ['event-ids-never-reused', eventIdsNeverReused],
    ['identity-keys', identityKeys],
    ['guess-sources-and-known-devices', guessSourcesAndKnownDevices],
    ['passkey-confirm-purpose', passkeyConfirmPurpose],
    ['hall-offers-index', hallOffersIndex],
    ['enrolment-approvals-append-only-audit', enrolmentApprovalsAppendOnlyAudit],
    ['operator-devices', operatorDevices],
    ['running-totals', runningTotals],
    ['fill-running-totals', runningTotalsFill],
    ['chain-deposits', chainDeposits],
    ['deposit-push-notices', depositPushNotices],
    ['chain-scan-hash-and-deposit-approvals', chainScanHashAndDepositApprovals],
    ['chain-checked-proofs', chainCheckedProofs],
    ['rolling-sum-indexes', rollingSumIndexes],
    ['chain-dust', chainDust],
    ['recharge-quotes', rechargeQuotes],
    ['four-eyes', fourEyes],
    ['review-waiting', reviewWaiting],
  ] satisfies [string, Migration][]
).map(([name, migration], index) => {
  const version = index + 1;
  return { version, name, file: `${String(version).padStart(3, '0')}-${name}.ts`, migration };
});
