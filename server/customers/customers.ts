import type { UserStatus } from './queries';
import { inTransaction } from '../ledger/transactions';
import { isoNow, type Domain } from '../platform/domain';

export class CustomerError extends Error {
  override readonly name = 'CustomerError';
}

export const MAX_VIP = 99;

/**
 * Sets the VIP level shown on My, audited with the level before and after. Under a lock, so two
 * operators setting a level at once each record what they really changed.
 */
export async function setVipLevel(domain: Domain, userId: number, level: number, actor: string): Promise<void> {
  if (!Number.isInteger(level) || level < 0 || level > MAX_VIP) {
    throw new CustomerError(`a VIP level is a whole number from 0 to ${MAX_VIP}`);
  }
  await inTransaction(domain, async (tx) => {
    await tx.lock(`vip of ${userId}`);
    const user = await tx.queries.users.byId(userId);
    if (!user) throw new CustomerError(`no user with id ${userId}`);
    await tx.queries.users.setVip(user.id, level);
    await tx.queries.audit.record({
      actor,
      action: 'vip set',
      target_type: 'user',
      target_id: user.id,
      user_id: user.id,
      before_value: String(user.vip),
      after_value: String(level),
      detail: `${user.vip} → ${level}`,
      created_at: isoNow(tx),
    });
  });
}

/**
 * Disables or enables a customer, with the reason in the audit log. A disabled customer's sessions
 * end in the same transaction; the caller closes their sockets once it has committed.
 */
export async function setCustomerStatus(
  domain: Domain,
  userId: number,
  status: Extract<UserStatus, 'active' | 'disabled'>,
  reason: string,
  actor: string,
): Promise<void> {
  await inTransaction(domain, async (tx) => {
    await tx.lock(`status of ${userId}`);
    const user = await tx.queries.users.byId(userId);
    if (!user) throw new CustomerError(`no user with id ${userId}`);
    const at = isoNow(tx);
    await tx.queries.users.setStatus(user.id, status);
    if (status === 'disabled') {
      await tx.queries.sessions.revokeAllOf(user.id, at);
      await tx.queries.push.deleteForUser(user.id);
    }
    await tx.queries.audit.record({
      actor,
      action: status === 'disabled' ? 'customer disable' : 'customer enable',
      target_type: 'user',
      target_id: user.id,
      user_id: user.id,
      before_value: user.status,
      after_value: status,
      detail: reason,
      created_at: at,
    });
  });
}
