import type { BankInfo } from '../../contract/responses';
import type { BankAccountRow } from './payout-account-queries';

type BankDetails = Record<string, string>;

/** The last four characters, the rest hidden: enough to recognise an account, not to use it. */
export function maskIban(iban: string): string {
  return `**** ${iban.slice(-4)}`;
}

export function toBankInfo(row: BankAccountRow, masked: boolean, usableAt: string): BankInfo {
  const details = JSON.parse(row.details) as BankDetails;
  const iban = details.iban ?? '';
  return {
    ...details,
    iban: masked ? maskIban(iban) : iban,
    bk_id: row.id,
    type: row.type,
    created_at: row.created_at,
    usable_at: usableAt,
  } as BankInfo;
}

/** "alice99" → "al***9": enough for a person to recognise, not enough to log in with. */
export function maskAccount(account: string): string {
  if (account.length <= 3) return `${account.slice(0, 1)}***`;
  return `${account.slice(0, 2)}***${account.slice(-1)}`;
}
