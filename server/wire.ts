import { cents, formatMoney } from '../contract/money';
import type { UserInfo } from '../contract/responses';
import type { UserRow } from './db/users';

/** Integer cents from the database → the wire's two-decimal string. */
export function money(value: number): string {
  return formatMoney(cents(value));
}

export function toUserInfo(row: UserRow): UserInfo {
  return {
    id: row.id,
    account: row.account,
    email: row.email,
    nickname: row.nickname,
    avatar: row.avatar,
    invite_code: row.invite_code,
    vip: row.vip,
    created_at: row.created_at,
  };
}

/** "alice99" → "al***9": enough for a person to recognise, not enough to log in with. */
export function maskAccount(account: string): string {
  if (account.length <= 3) return `${account.slice(0, 1)}***`;
  return `${account.slice(0, 2)}***${account.slice(-1)}`;
}
