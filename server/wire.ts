import { cents, formatMoney } from '../contract/money';
import type { BankInfo, UserInfo } from '../contract/responses';
import type { BankAccountRow } from './db/bank';
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

/** The last four characters, the rest hidden: enough to recognise an account, not to use it. */
export function maskIban(iban: string): string {
  return `**** ${iban.slice(-4)}`;
}

type BankDetails = Record<string, string>;

export function toBankInfo(row: BankAccountRow, masked: boolean): BankInfo {
  const details = JSON.parse(row.details) as BankDetails;
  const iban = details.iban ?? '';
  return {
    ...details,
    iban: masked ? maskIban(iban) : iban,
    bk_id: row.id,
    type: row.type,
    created_at: row.created_at,
  } as BankInfo;
}
