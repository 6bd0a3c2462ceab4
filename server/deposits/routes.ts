import type { ParsedRequest } from '../../contract/calls';
import { ResultCode } from '../../contract/envelope';
import { cents } from '../../contract/money';
import { publishQueueMove } from '../live/events';
import type { CallRegistry } from '../auth/calls';
import { customerAddress } from './chain/networks';
import { checkRechargeProof } from './chain/proofs';
import { latestQuote, QUOTES_PER_DAY, reserveUniqueAmount } from './chain/quotes';
import { inTransaction } from '../ledger/transactions';
import { isoNow } from '../platform/domain';
import type { ServerContext } from '../platform/context';
import { isUniqueViolation } from '../platform/database/sql';
import { ApiError, conflict, invalidField, notFound, outOfRange } from '../platform/http/errors';
import { once } from '../ledger/idempotency';
import { money } from '../platform/http/wire';
import { toRechargeQuote } from './wire';

/** Deposits the recharge screen lists: the latest, under way or settled. */
const RECENT_DEPOSITS = 20;

/** Recharges one customer may have waiting for review at once. */
export const MAX_OPEN_RECHARGES = 5;

export function rechargeRoutes(calls: CallRegistry, context: ServerContext): void {
  const { queries } = context;

  /**
   * The address to pay to: on a watched network the caller's own (given on first ask), on any
   * other the shared one, whose transfers are proved by upload. Watched networks come first.
   */
  calls.user('recharge/shoukuan-address', async ({ type }, { user }) => {
    const [networks, addresses] = await Promise.all([queries.chain.networks(), queries.recharge.addresses()]);
    const types = [...networks.map((network) => network.type), ...addresses.map((address) => address.type)];
    const chosen = type === '' ? types[0] : type;
    const watched = networks.find((network) => network.type === chosen);
    if (watched) {
      return {
        type: watched.type,
        types,
        address: await customerAddress(context, watched, user.id),
        min_amount: money(watched.min_amount),
        confirmations: watched.confirmations,
      };
    }
    const current = addresses.find((address) => address.type === chosen);
    if (!current) throw notFound();
    const checked = (await queries.chain.check(current.type)) !== undefined;
    const quote = checked ? await latestQuote(context, user.id, current.type, current.address) : undefined;
    return {
      type: current.type,
      types,
      address: current.address,
      min_amount: money(current.min_amount),
      ...(checked ? { checked: true as const } : {}),
      ...(quote ? { quote: toRechargeQuote(quote) } : {}),
    };
  });

  /**
   * The exact amount to send to a shared address whose proofs are checked on the chain, reserved
   * for the caller before they pay (server/deposits/chain/quotes.ts). Asking again for the same amount
   * while it is held answers the same reservation.
   */
  calls.user('recharge/quote', async (input, { user }) =>
    inTransaction(context, async (tx) => {
      const current = (await tx.queries.recharge.addresses()).find((address) => address.type === input.type);
      if (!current) throw invalidField('type', 'invalid.type');
      if (current.address !== input.address) throw conflict('address_changed', { field: 'address' });
      if ((await tx.queries.chain.check(current.type)) === undefined) throw conflict('quote_not_needed');
      if (input.amount < current.min_amount) {
        throw outOfRange('amount_below_minimum', 'amount', { min: current.min_amount });
      }
      const reserved = await reserveUniqueAmount(tx, {
        userId: user.id,
        type: current.type,
        address: current.address,
        amount: input.amount,
      });
      if (reserved.refused !== undefined) {
        throw reserved.refused === 'too_many'
          ? new ApiError(ResultCode.conflict, 'too_many_quotes', {}, { count: QUOTES_PER_DAY })
          : conflict('no_unique_amount', { field: 'amount' });
      }
      return toRechargeQuote(reserved.quote);
    }),
  );

  calls.user('recharge/deposits', async (_input, { user }) => {
    const [rows, networks] = await Promise.all([
      queries.chain.depositsOf(user.id, RECENT_DEPOSITS),
      queries.chain.networks(),
    ]);
    const needed = new Map(networks.map((network) => [network.type, network.confirmations]));
    return {
      deposits: rows.map((row) => {
        const confirmations = needed.get(row.network) ?? row.confirmations;
        return {
          id: row.id,
          type: row.network,
          tx_hash: row.tx_hash,
          amount: money(row.amount),
          state: row.state,
          confirmations: Math.min(row.confirmations, confirmations),
          needed: confirmations,
          created_at: row.seen_at,
        };
      }),
    };
  });

  calls.user('recharge/create', async (input, { user }) => {
    let created: Awaited<ReturnType<typeof createRecharge>>;
    try {
      created = await createRecharge(input, user.id);
    } catch (error) {
      // Two recharges on one picture, transaction or reservation sent at once: the database refuses the second.
      if (!isUniqueViolation(error)) throw error;
      if (input.txid !== '' && (await queries.recharge.isTxInUse(input.txid))) {
        throw conflict('tx_used', { field: 'txid' });
      }
      if (input.quote_id !== undefined && (await queries.recharge.isQuoteInUse(input.quote_id))) {
        throw conflict('quote_used', { field: 'quote_id' });
      }
      throw conflict('proof_used', { field: 'credentials' });
    }
    // The chain is read after the recharge is saved, never inside its transaction; a node that
    // stops meanwhile leaves it to another's sweep (server/deposits/chain/proofs.ts).
    if (input.txid !== '') {
      checkRechargeProof(context, created.id, { trust: context.chainTrust }).catch((error: unknown) =>
        context.log.error({ err: error, recharge: created.id }, 'could not check a recharge on the chain'),
      );
    }
    return created;
  });

  /**
   * One transfer proof backs one recharge (unless that one was rejected), and a customer has at
   * most MAX_OPEN_RECHARGES waiting for review. Both are counted and written under a lock, so
   * requests sent together, to one node or several, cannot all pass the count.
   */
  function createRecharge(input: ParsedRequest<'recharge/create'>, userId: number) {
    return once(context, userId, 'recharge/create', input.request_id, input, async (tx) => {
      const { queries, lock } = tx;
      const current = (await queries.recharge.addresses()).find((address) => address.type === input.type);
      if (!current) throw invalidField('type', 'invalid.type');
      // The customer paid to the address the screen showed; if it has changed since, they must look again.
      if (current.address !== input.address) throw conflict('address_changed', { field: 'address' });
      if (input.amount < current.min_amount) {
        throw outOfRange('amount_below_minimum', 'amount', { min: current.min_amount });
      }
      const quote = input.quote_id === undefined ? undefined : await queries.recharge.quote(input.quote_id);
      if (input.quote_id !== undefined) {
        // Another customer's reservation reads as no reservation at all.
        if (quote?.user_id !== userId || quote.type !== current.type || quote.address !== current.address) {
          throw invalidField('quote_id', 'invalid.quote_id');
        }
        if (input.amount !== quote.exact_amount) {
          throw new ApiError(
            ResultCode.invalid,
            'amount_not_quoted',
            { field: 'amount' },
            { amount: money(quote.exact_amount) },
          );
        }
      }
      const proof = await queries.uploads.identityOf(input.credentials, userId);
      if (!proof) throw invalidField('credentials', 'invalid.credentials');
      await lock(`recharges of ${userId}`);
      await lock(`proof ${proof}`);
      if (input.txid !== '') {
        await lock(`chain tx ${input.txid}`);
        if (await queries.recharge.isTxInUse(input.txid)) throw conflict('tx_used', { field: 'txid' });
      }
      if (quote && (await queries.recharge.isQuoteInUse(quote.id))) {
        throw conflict('quote_used', { field: 'quote_id' });
      }
      const checked = input.txid !== '' && (await queries.chain.check(current.type)) !== undefined;
      const at = isoNow(context);
      if ((await queries.recharge.openCount(userId)) >= MAX_OPEN_RECHARGES) {
        throw new ApiError(ResultCode.conflict, 'too_many_pending_recharges', {}, { count: MAX_OPEN_RECHARGES });
      }
      if (await queries.recharge.isProofInUse(proof)) throw conflict('proof_used', { field: 'credentials' });
      const id = await queries.recharge.insert({
        user_id: userId,
        type: current.type,
        category: input.category,
        address: current.address,
        amount: cents(input.amount),
        credentials: input.credentials,
        proof_hash: proof,
        tx_hash: input.txid === '' ? null : input.txid,
        chain_verdict: checked ? 'pending' : null,
        chain_checked_at: checked ? at : null,
        quote_id: quote?.id ?? null,
        created_at: at,
      });
      await publishQueueMove(tx, userId, { kind: 'recharge', by: 1 });
      return { id, state: 'audit' as const };
    });
  }
}
