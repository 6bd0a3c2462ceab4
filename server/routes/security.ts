import type { SessionSummary } from '../../contract/responses';
import type { CallRegistry } from '../calls';
import { inTransaction, isoNow, type ServerContext } from '../context';
import type { SessionRow } from '../db/sessions';
import { invalidField, notFound } from '../errors';
import { describeDevice, networkPlace } from '../security/devices';
import { SIGN_IN_HISTORY_LENGTH, toSignInRecord } from '../security/sign-ins';

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
    anti_phishing: phrase,
    withdraw_hold_hours: context.withdrawHoldHours,
  });

  calls.user('security/sessions', async (_input, { user, tokenHash }) => {
    const rows = await queries.sessions.activeOf(user.id, isoNow(context));
    return { list: rows.map((row) => toSessionSummary(row, tokenHash)) };
  });

  /** Ends one of the caller's other sessions: its calls, live sockets and push notices stop. */
  calls.user('security/end-session', async ({ id }, { user, tokenHash }) => {
    const rows = await queries.sessions.activeOf(user.id, isoNow(context));
    const target = rows.find((row) => sessionHandle(row.token_hash) === id);
    if (!target) throw notFound();
    if (target.token_hash === tokenHash) throw invalidField('id', 'current_session');
    await inTransaction(context, async (tx) => {
      await tx.queries.sessions.revoke(target.token_hash, isoNow(tx));
      await tx.queries.push.deleteForSession(target.token_hash);
    });
    context.live.endSession(target.token_hash);
    return {};
  });

  calls.user('security/end-other-sessions', async (_input, { user, tokenHash }) => {
    const ended = await inTransaction(context, async (tx) => {
      await tx.queries.push.deleteForUserExcept(user.id, tokenHash);
      return tx.queries.sessions.revokeAllBut(user.id, tokenHash, isoNow(tx));
    });
    context.live.endUserExcept(user.id, tokenHash);
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

  calls.user(
    'security/set-anti-phishing',
    async ({ anti_phishing }, { user }) => {
      await queries.users.setAntiPhishing(user.id, anti_phishing);
      context.sessions.forgetUser(user.id);
      return settingsOf(anti_phishing);
    },
    { max: 20, timeWindow: 3600_000 },
  );
}
