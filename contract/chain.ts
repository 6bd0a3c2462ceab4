import type { ChainKind, DepositState } from './rules';

/**
 * The values of the chain deposits' types, for the console and the server's schemas. A module of
 * their own: contract/rules.ts is in the customer app's first load, which needs only the types.
 */
export const DEPOSIT_STATES = [
  'confirming',
  'credited',
  'orphaned',
  'below_minimum',
] as const satisfies readonly DepositState[];
export const CHAIN_KINDS = ['tron', 'evm'] as const satisfies readonly ChainKind[];

/**
 * What the chain said of the transaction a recharge names, on a shared address whose proofs are
 * checked: `matched` is credited without an operator; the rest wait in the queue, the verdict
 * shown beside the picture. `pending`, `not_found`, `not_final` and `unreachable` are looked at
 * again for a day. `expired`: sent after the reserved unique amount's hold ended; `unreserved`:
 * the transfer is as claimed, but the recharge reserved no unique amount, so anyone who saw it on
 * the chain could have named it.
 */
export const CHAIN_VERDICTS = [
  'pending',
  'matched',
  'not_found',
  'failed',
  'no_usdt',
  'other_address',
  'amount',
  'not_final',
  'too_early',
  'expired',
  'unreserved',
  'sender_elsewhere',
  'unreachable',
] as const;
export type ChainVerdict = (typeof CHAIN_VERDICTS)[number];

/** A transaction hash as customers paste it (TRON's without 0x, EVM's with): 64 hex digits. */
export const TX_HASH_PATTERN = /^(0x)?[0-9a-fA-F]{64}$/;
