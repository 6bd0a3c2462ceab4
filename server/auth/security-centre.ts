import type { SessionSummary } from '../../contract/responses';
import type { CallRegistry, UserCallContext } from './calls';
import { inTransaction } from '../ledger/transactions';
import { isoNow } from '../platform/domain';
import type { ServerContext } from '../platform/context';
import type { SessionRow } from './session-queries';
import { invalidField, notFound } from '../platform/http/errors';
import { pageOf } from '../platform/http/paging';
import { describeDevice, networkPlace, trimUserAgent } from './devices';
import { requireIdentityProof } from './identity-proof';
import { mailOwner } from './owner-notices';
import { SIGN_IN_HISTORY_LENGTH, deviceName, toSignInRecord } from './sign-ins';

/** How My → Security names a session: enough of its digest to pick it out, nothing to sign in with. */
export function sessionHandle(tokenHash: string): string {
  return tokenHash.slice(0, 16);
}

function toSessionSummary(row: SessionRow, current: string): SessionSummary {
  return {
    id: sessionHandle(row.token_hash),
    current: row.token_hash === current,
    created_at: row.created_at,
    last_seen_at: row.last_seen_at ?? row.created_at,
    ...describeDevice(row.user_agent),
    ...networkPlace(row.last_ip || row.ip),
  };
}

/** My → Security: the signed-in devices, the sign-in history and the anti-phishing phrase. */
export function securityRoutes(calls: CallRegistry, context: ServerContext): void {
  const { queries } = context;
  const settingsOf = (phrase: string) => ({
    anti_phishing_set: phrase !== '',
    withdraw_hold_hours: context.withdrawHoldHours,
  });
  const deviceNameOf = (call: UserCallContext, userAgent: string) => deviceName(call.lang, userAgent);

  calls.user('security/sessions', (input, { user, tokenHash }) => {
    const now = isoNow(context);
    return pageOf(
      input,
      {
        rows: (limit, offset) => queries.sessions.activeOf(user.id, now, limit, offset),
        total: () => queries.sessions.countActiveOf(user.id, now),
      },
      (row) => toSessionSummary(row, tokenHash),
    );
  });

  /**
   * Ends one of the caller's other sessions: its calls, live sockets and push notices stop. Fresh
   * proof first, so that a stolen session cannot sign the owner out of their own devices.
   */
  calls.user('security/end-session', async ({ id, ...proof }, call) => {
    const { user, tokenHash } = call;
    const target = await queries.sessions.activeByHandle(user.id, id, isoNow(context));
    if (!target) throw notFound();
    if (target.token_hash === tokenHash) throw invalidField('id', 'current_session');
    await requireIdentityProof(context, call, proof);
    await inTransaction(context, async (tx) => {
      await tx.queries.sessions.revoke(target.token_hash, isoNow(tx));
      await tx.queries.push.deleteForSession(target.token_hash);
    });
    context.live.endSession(target.token_hash);
    mailOwner(context, user, call.lang, 'device_signed_out', { device: deviceNameOf(call, target.user_agent) });
    return {};
  });

  calls.user('security/end-other-sessions', async (proof, call) => {
    const { user, tokenHash } = call;
    await requireIdentityProof(context, call, proof);
    const ended = await inTransaction(context, async (tx) => {
      await tx.queries.push.deleteForUserExcept(user.id, tokenHash);
      return tx.queries.sessions.revokeAllBut(user.id, tokenHash, isoNow(tx));
    });
    context.live.endUserExcept(user.id, tokenHash);
    const device = deviceNameOf(call, trimUserAgent(call.request.headers['user-agent']));
    if (ended > 0) mailOwner(context, user, call.lang, 'devices_signed_out', { count: ended, device });
    return { ended };
  });

  calls.user('security/sign-ins', async (_input, { user }) => {
    const rows = await queries.signIns.latestOf(user.id, SIGN_IN_HISTORY_LENGTH);
    return { list: rows.map(toSignInRecord) };
  });

  // Read afresh: the session's copy of the user may be seconds old on another node.
  calls.user('security/settings', async (_input, { user }) =>
    settingsOf((await queries.users.byId(user.id))?.anti_phishing ?? ''),
  );

  /**
   * The phrase is what tells our e-mails from a phisher's: whoever holds only a session must not
   * learn it (to copy it into a phishing mail) or change it. Shown for fresh proof, and the owner
   * is told.
   */
  calls.user(
    'security/show-anti-phishing',
    async (proof, call) => {
      await requireIdentityProof(context, call, proof);
      const phrase = (await queries.users.byId(call.user.id))?.anti_phishing ?? '';
      const device = deviceNameOf(call, trimUserAgent(call.request.headers['user-agent']));
      mailOwner(context, call.user, call.lang, 'anti_phishing_shown', { device });
      return { anti_phishing: phrase };
    },
    { max: 20, timeWindow: 3600_000 },
  );

  calls.user(
    'security/set-anti-phishing',
    async ({ anti_phishing, ...proof }, call) => {
      const { user } = call;
      await requireIdentityProof(context, call, proof);
      const before = await inTransaction(context, async (tx) => {
        // Read and written under one lock, so the notice goes out under the phrase it replaced.
        await tx.lock(`anti-phishing of ${user.id}`);
        const previous = (await tx.queries.users.byId(user.id))?.anti_phishing ?? '';
        await tx.queries.users.setAntiPhishing(user.id, anti_phishing);
        return previous;
      });
      context.sessions.forgetUser(user.id);
      if (before !== anti_phishing) {
        mailOwner(context, user, call.lang, anti_phishing ? 'anti_phishing_set' : 'anti_phishing_removed', {}, before);
      }
      return settingsOf(anti_phishing);
    },
    { max: 20, timeWindow: 3600_000 },
  );
}
