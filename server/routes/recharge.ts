import type { ParsedRequest } from '../../contract/calls';
import { ResultCode } from '../../contract/envelope';
import { cents } from '../../contract/money';
import { publishQueueMove } from '../events';
import type { CallRegistry } from '../calls';
import { customerAddress } from '../chain/networks';
import { checkRechargeProof } from '../chain/proofs';
import { isoNow, type ServerContext } from '../context';
import { isUniqueViolation } from '../db/database';
import { ApiError, conflict, invalidField, notFound, outOfRange } from '../errors';
import { once } from '../idempotency';
import { money } from '../wire';

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
    return {
      type: current.type,
      types,
      address: current.address,
      min_amount: money(current.min_amount),
      ...(checked ? { checked: true as const } : {}),
    };
  });

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
      // Two recharges on one picture or one transaction sent at once: the database refuses the second.
      if (!isUniqueViolation(error)) throw error;
      if (input.txid !== '' && (await queries.recharge.isTxInUse(input.txid))) {
        throw conflict('tx_used', { field: 'txid' });
      }
      throw conflict('proof_used', { field: 'credentials' });
    }
    // The chain is read after the recharge is saved, never inside its transaction; a node that
    // stops meanwhile leaves it to another's sweep (server/chain/proofs.ts).
    if (input.txid !== '') {
      checkRechargeProof(context, created.id).catch((error: unknown) =>
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
      const proof = await queries.uploads.identityOf(input.credentials, userId);
      if (!proof) throw invalidField('credentials', 'invalid.credentials');
      await lock(`recharges of ${userId}`);
      await lock(`proof ${proof}`);
      if (input.txid !== '') {
        await lock(`chain tx ${input.txid}`);
        if (await queries.recharge.isTxInUse(input.txid)) throw conflict('tx_used', { field: 'txid' });
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
        created_at: at,
      });
      await publishQueueMove(tx, userId, { kind: 'recharge', by: 1 });
      return { id, state: 'audit' as const };
    });
  }
}
