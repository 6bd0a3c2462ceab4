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
