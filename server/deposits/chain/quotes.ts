/**
 * Unique amounts for shared receiving addresses whose proofs are checked on the chain. A
 * transaction's hash is public and a shared address cannot tell who paid, so naming a hash proves
 * nothing about who sent it. Before paying, the customer reserves an amount that nobody else is
 * asked to send to that address: the amount they mean plus 1–99 cents. Only a transfer of exactly
 * that amount, made while the reservation holds, is credited to them without an operator
 * (server/deposits/chain/proofs.ts); someone who names another customer's transfer names an amount that
 * is not theirs.
 */
import { MAX_INPUT_CENTS, type Cents } from '../../../contract/money';
import type { Domain } from '../../platform/domain';
import type { InTransaction } from '../../ledger/transactions';
import type { RechargeQuoteRow } from '../queries';

/** How long the customer has to send the reserved amount; the screen shows when it ends. */
export const QUOTE_HOLD_MS = 60 * 60 * 1000;

/**
 * How long an exact amount is given to one customer only at an address: far longer than the
 * hold, so that a transfer a little late, or a block whose clock is a little off, still has one
 * possible owner. The recharges still in review there keep their amounts too.
 */
export const UNIQUE_FOR_MS = 24 * 3600 * 1000;

/**
 * How far outside the hold a block's time may be and still count: block times are whole seconds
 * and a network's clock is not ours. No other reservation of the same amount is within a day.
 */
export const BLOCK_TIME_SLACK_MS = 5 * 60 * 1000;

/** Reservations one customer may make a day; asking again for an amount still held answers that one. */
export const QUOTES_PER_DAY = 10;

/** The cents added at most: the reserved amount stays within one whole USDT of the one asked for. */
const MOST_CENTS_ADDED = 99;

export type Reservation =
  { quote: RechargeQuoteRow; refused?: undefined } | { refused: 'too_many' | 'none_free'; quote?: undefined };

export interface ReservationRequest {
  userId: number;
  type: string;
  address: string;
  amount: Cents;
}

/**
 * Reserves a unique amount for a customer's transfer to `address`, or answers the one they hold
 * for the same amount already. The exact amounts reserved there in the last day and those of the
 * recharges in review there are read and the new one written under the address's lock, so two
 * customers asking at once, on one node or several, never get the same one. The smallest free
 * amount is taken: customers see as few cents added as can be.
 */
export async function reserveUniqueAmount(
  tx: Domain & InTransaction,
  { userId, type, address, amount }: ReservationRequest,
): Promise<Reservation> {
  await tx.lock(`recharge quotes of ${userId}`);
  const now = tx.now().getTime();
  const at = new Date(now).toISOString();
  const since = new Date(now - UNIQUE_FOR_MS).toISOString();
  const ofDay = await tx.queries.recharge.quotesSince(userId, since);
  const held = ofDay.find(
    (quote) =>
      quote.used === 0 &&
      quote.type === type &&
      quote.address === address &&
      quote.amount === amount &&
      quote.expires_at > at,
  );
  if (held) return { quote: held };
  if (ofDay.length >= QUOTES_PER_DAY) return { refused: 'too_many' };

  await tx.lock(`unique amounts at ${address}`);
  const taken = new Set(await tx.queries.recharge.takenAmounts(address, amount + 1, amount + MOST_CENTS_ADDED, since));
  let exact: number | undefined;
  for (let added = 1; added <= MOST_CENTS_ADDED && amount + added <= MAX_INPUT_CENTS; added += 1) {
    if (!taken.has(amount + added)) {
      exact = amount + added;
      break;
    }
  }
  if (exact === undefined) return { refused: 'none_free' };
  const row = {
    user_id: userId,
    type,
    address,
    amount,
    exact_amount: exact,
    created_at: at,
    expires_at: new Date(now + QUOTE_HOLD_MS).toISOString(),
  };
  const id = await tx.queries.recharge.insertQuote(row);
  return { quote: { id, ...row } };
}

/**
 * The customer's latest reservation at `address` of the last day that no recharge rests on, held
 * or ended: what the recharge screen, opened again, shows them to send (or to submit the proof of).
 */
export async function latestQuote(
  domain: Domain,
  userId: number,
  type: string,
  address: string,
): Promise<RechargeQuoteRow | undefined> {
  const since = new Date(domain.now().getTime() - UNIQUE_FOR_MS).toISOString();
  return (await domain.queries.recharge.quotesSince(userId, since)).find(
    (quote) => quote.used === 0 && quote.type === type && quote.address === address,
  );
}

/** When a transfer for this reservation may have been made, in block time, slack included. */
export function quoteWindow(quote: Pick<RechargeQuoteRow, 'created_at' | 'expires_at'>): {
  from: number;
  until: number;
} {
  return {
    from: Date.parse(quote.created_at) - BLOCK_TIME_SLACK_MS,
    until: Date.parse(quote.expires_at) + BLOCK_TIME_SLACK_MS,
  };
}
