import { cents, formatMoney, type Cents } from '../../contract/money';
import type { FourEyesStatus, SecondApprovalLimit } from '../../contract/console';
import { inTransaction, type InTransaction } from '../ledger/transactions';
import { isoNow, type Domain } from '../platform/domain';
import type { OperatorStanding } from './operator-queries';
import { identityKey } from '../platform/database/identity-keys';
import { tellAdministrators, type StaffMail, type StaffNotice } from './staff-notices';
import { utcMinute, type MessageParams } from '../platform/i18n';
import { money } from '../platform/http/wire';

/**
 * Four eyes, in one place for every door (the console, the CLI) and every order that can need
 * two approvals (recharges, withdrawals, deposits credited by hand): whose approvals count, and
 * the limit above which two are needed.
 *
 * An admin decides who becomes an operator, so one admin can always make a second identity: open
 * the new account's link himself and approve as it. Nothing prevents that; it is made slow and
 * loud instead. A new operator's approvals count only 24 hours after they enrolled, or once an
 * administrator other than the one who added them confirms them; a raised limit waits the same
 * (a lowered one, stricter, applies at once); every administrator is mailed at each such change,
 * and the console says plainly when four eyes rests on one administrator.
 */

/** How long a new operator, or a raised limit, waits unless a second administrator confirms it. */
export const FOUR_EYES_WAIT_HOURS = 24;

/** 1,000.00 USDT: an order above it (with the customer's others of the last 24 h) needs two operators. */
export const DEFAULT_SECOND_APPROVAL_ABOVE = cents(100_000);

/** The settings row an admin's limit is kept in; until one is set, the configured default holds. */
export const SECOND_APPROVAL_SETTING = 'review.second_approval_above';

export interface ReviewRules {
  /** The limit until an admin sets one in the console (REVIEW_SECOND_APPROVAL_ABOVE). */
  secondApprovalAbove: Cents;
}

export type FourEyesRefusal =
  /** The operator does not count (yet): `countsFrom` says from when, null when never (closed, not enrolled). */
  | 'not_counted'
  | 'not_found'
  /** The operator counts already: there is nothing to confirm. */
  | 'counted_already'
  /** One's own account, an account one added, or one's own raise: a second administrator must confirm it. */
  | 'own_change'
  /** No raise waits, or another than the one confirmed: the administrator must look again. */
  | 'no_such_raise';

export class FourEyesError extends Error {
  override readonly name = 'FourEyesError';
  constructor(
    message: string,
    readonly reason: FourEyesRefusal,
    readonly countsFrom: string | null = null,
  ) {
    super(message);
  }
}

function hoursAfter(iso: string, hours: number): string {
  return new Date(Date.parse(iso) + hours * 3600_000).toISOString();
}

/**
 * From when an operator's approvals count toward four eyes: 24 hours after they enrolled, or
 * from an earlier confirmation by a second administrator (the set-up's, for the first one).
 * Null before they enrolled.
 */
export function countsFrom(operator: Pick<OperatorStanding, 'enrolled_at' | 'confirmed_at'>): string | null {
  if (operator.enrolled_at === null) return null;
  const waited = hoursAfter(operator.enrolled_at, FOUR_EYES_WAIT_HOURS);
  return operator.confirmed_at !== null && operator.confirmed_at < waited ? operator.confirmed_at : waited;
}

/** Whether an operator's approval given at `at` counts: an open account that counted by then. */
export function countsAt(operator: Pick<OperatorStanding, 'status' | 'enrolled_at' | 'confirmed_at'>, at: string) {
  const from = countsFrom(operator);
  return operator.status === 'active' && from !== null && from <= at;
}

async function standingsByName(domain: Pick<Domain, 'queries'>): Promise<Map<string, OperatorStanding>> {
  return new Map((await domain.queries.operators.standings()).map((operator) => [operator.name, operator]));
}

/**
 * The approvals that count toward four eyes, in the order given: those by operators whose
 * accounts are open now and who counted when they gave them. Every kind of approval is weighed
 * here (recharges, withdrawals, deposits credited by hand), whichever door it came through.
 */
export async function approvalsThatCount<T extends { actor: string; created_at: string }>(
  domain: Pick<Domain, 'queries'>,
  approvals: readonly T[],
): Promise<T[]> {
  if (approvals.length === 0) return [];
  const operators = await standingsByName(domain);
  return approvals.filter((approval) => {
    const operator = operators.get(identityKey(approval.actor));
    return operator !== undefined && countsAt(operator, approval.created_at);
  });
}

/**
 * The operator named, if their approvals (and, for an administrator, their confirmations and
 * raises) count now; otherwise a refusal that says from when they will.
 */
export async function countedOperator(
  domain: Pick<Domain, 'queries' | 'now'>,
  name: string,
  role?: 'admin',
): Promise<OperatorStanding> {
  const operator = (await standingsByName(domain)).get(identityKey(name));
  if (!operator || (role !== undefined && operator.role !== role)) {
    throw new FourEyesError(`${name} is not an operator whose approvals count`, 'not_counted');
  }
  if (!countsAt(operator, isoNow(domain))) {
    const from = operator.status === 'active' ? countsFrom(operator) : null;
    throw new FourEyesError(
      from === null
        ? `${operator.name}'s approvals do not count toward four eyes`
        : `${operator.name}'s approvals count toward four eyes from ${from}, or once an administrator other than the one who added them confirms them`,
      'not_counted',
      from,
    );
  }
  return operator;
}

interface LimitNow {
  /** The limit that applies now. */
  inForce: Cents;
  /** A raise that waits for its time or a second administrator. */
  raise: { amount: Cents; requestedBy: string; inForceAt: string } | null;
}

/** The limit in force (a raise whose time has come included) and the raise that still waits, if any. */
async function limitNow(domain: Pick<Domain, 'queries' | 'now'>, rules: ReviewRules): Promise<LimitNow> {
  const [stored, raise] = await Promise.all([
    domain.queries.settings.get(SECOND_APPROVAL_SETTING),
    domain.queries.settings.limitRaise(),
  ]);
  if (raise && raise.in_force_at <= isoNow(domain)) return { inForce: cents(raise.amount), raise: null };
  if (stored !== undefined && !/^\d{1,15}$/.test(stored)) {
    throw new Error(`setting ${SECOND_APPROVAL_SETTING} is not a number of cents`);
  }
  return {
    inForce: stored === undefined ? rules.secondApprovalAbove : cents(Number(stored)),
    raise: raise
      ? { amount: cents(raise.amount), requestedBy: raise.requested_by, inForceAt: raise.in_force_at }
      : null,
  };
}

/** The limit in force: an order above it (with the customer's others of the last 24 h) needs two operators. */
export async function secondApprovalAbove(domain: Pick<Domain, 'queries' | 'now'>, rules: ReviewRules) {
  return (await limitNow(domain, rules)).inForce;
}

/** The limit as Settings shows it: in force, and the raise that waits. */
export async function secondApprovalLimit(
  domain: Pick<Domain, 'queries' | 'now'>,
  rules: ReviewRules,
): Promise<SecondApprovalLimit> {
  const { inForce, raise } = await limitNow(domain, rules);
  return {
    second_approval_above: money(inForce),
    raise: raise && {
      amount: money(raise.amount),
      requested_by: raise.requestedBy,
      in_force_at: raise.inForceAt,
    },
  };
}

/** A change of four eyes, made by the console or the CLI, that every administrator hears of. */
type Changing = Domain & StaffMail;

/** The second-approval limit in force from now, audited as a change of setting. */
async function putLimitInForce(
  tx: Changing & InTransaction,
  change: { actor: string; at: string; before: Cents; after: Cents },
  detail: string,
): Promise<void> {
  await tx.queries.settings.set(SECOND_APPROVAL_SETTING, String(change.after));
  await tx.queries.audit.record({
    actor: change.actor,
    action: 'setting change',
    target_type: 'setting',
    target_id: null,
    before_value: formatMoney(change.before),
    after_value: formatMoney(change.after),
    detail,
    created_at: change.at,
  });
}

/**
 * An admin sets the second-approval limit. Lower (or the same), it applies at once and withdraws
 * any raise that waits. Higher, it waits 24 hours, or for another administrator to confirm it, and
 * only an administrator who counts may ask for it. Audited; every administrator is mailed.
 */
export async function changeSecondApprovalLimit(
  domain: Changing,
  amount: Cents,
  rules: ReviewRules,
  actor: string,
): Promise<SecondApprovalLimit> {
  const told = await inTransaction(domain, async (tx): Promise<{ notice: StaffNotice; params: MessageParams }> => {
    await tx.lock('setting second approval');
    const at = isoNow(tx);
    const { inForce, raise } = await limitNow(tx, rules);
    await tx.queries.settings.dropLimitRaises();
    if (amount <= inForce) {
      await putLimitInForce(
        tx,
        { actor, at, before: inForce, after: amount },
        raise
          ? `second approval above; the raise to ${formatMoney(raise.amount)} no longer applies`
          : 'second approval above',
      );
      return { notice: 'limit_lowered', params: { before: formatMoney(inForce), after: formatMoney(amount) } };
    }
    await countedOperator(tx, actor, 'admin');
    const inForceAt = hoursAfter(at, FOUR_EYES_WAIT_HOURS);
    // The limit a raise replaced by this one had reached stays the limit until this one applies.
    await tx.queries.settings.set(SECOND_APPROVAL_SETTING, String(inForce));
    await tx.queries.settings.stageLimitRaise({
      amount,
      requested_by: actor,
      requested_at: at,
      in_force_at: inForceAt,
    });
    await tx.queries.audit.record({
      actor,
      action: 'setting raise',
      target_type: 'setting',
      target_id: null,
      before_value: formatMoney(inForce),
      after_value: formatMoney(amount),
      detail: `second approval above, from ${inForceAt} unless another administrator confirms it earlier`,
      created_at: at,
    });
    return {
      notice: 'limit_raise',
      params: { before: formatMoney(inForce), after: formatMoney(amount), from: utcMinute(inForceAt) },
    };
  });
  await tellAdministrators(domain, told.notice, { ...told.params, actor });
  return secondApprovalLimit(domain, rules);
}

/**
 * A second administrator (one who counts, not the one who asked) confirms the raise that waits,
 * naming its amount, so that a raise swapped in meanwhile is not confirmed unseen. It applies at
 * once. Audited; every administrator is mailed.
 */
export async function confirmLimitRaise(
  domain: Changing,
  amount: Cents,
  rules: ReviewRules,
  actor: string,
): Promise<SecondApprovalLimit> {
  const raise = await inTransaction(domain, async (tx) => {
    await tx.lock('setting second approval');
    const at = isoNow(tx);
    const { inForce, raise: waiting } = await limitNow(tx, rules);
    if (!waiting || waiting.amount !== amount) {
      throw new FourEyesError(`no raise of the limit to ${formatMoney(amount)} waits`, 'no_such_raise');
    }
    const confirmer = await countedOperator(tx, actor, 'admin');
    if (confirmer.name === identityKey(waiting.requestedBy)) {
      throw new FourEyesError('another administrator must confirm a raise one asked for', 'own_change');
    }
    await tx.queries.settings.dropLimitRaises();
    await putLimitInForce(
      tx,
      { actor, at, before: inForce, after: amount },
      `second approval above, asked for by ${waiting.requestedBy}, confirmed`,
    );
    return waiting;
  });
  await tellAdministrators(domain, 'limit_raise_confirmed', {
    actor,
    requester: raise.requestedBy,
    after: formatMoney(raise.amount),
  });
  return secondApprovalLimit(domain, rules);
}

/**
 * A second administrator confirms that an enrolled operator's approvals count from now on, before
 * their 24 hours have passed: one who counts, who is neither that operator nor the one who added
 * them. Audited; every administrator is mailed.
 */
export async function confirmOperator(domain: Changing, name: string, actor: string): Promise<void> {
  const confirmed = await inTransaction(domain, async (tx) => {
    await tx.lock(`operator ${identityKey(name)}`);
    const at = isoNow(tx);
    const operator = (await standingsByName(tx)).get(identityKey(name));
    if (!operator || operator.status !== 'active' || operator.enrolled_at === null) {
      throw new FourEyesError(`no enrolled, open operator named ${name}`, 'not_found');
    }
    if (countsAt(operator, at)) throw new FourEyesError(`${operator.name} counts already`, 'counted_already');
    const confirmer = await countedOperator(tx, actor, 'admin');
    if (confirmer.name === operator.name || confirmer.name === identityKey(operator.added_by)) {
      throw new FourEyesError(
        `an administrator other than ${operator.name} and the one who added them must confirm them`,
        'own_change',
      );
    }
    if (!(await tx.queries.operators.confirm(operator.id, confirmer.name, at))) {
      throw new FourEyesError(`${operator.name} counts already`, 'counted_already');
    }
    await tx.queries.audit.record({
      actor: confirmer.name,
      action: 'operator confirm',
      target_type: 'operator',
      target_id: operator.id,
      before_value: countsFrom(operator) ?? '',
      after_value: at,
      detail: `${operator.name}: approvals count toward four eyes from now on`,
      created_at: at,
    });
    return operator;
  });
  await tellAdministrators(domain, 'operator_confirmed', {
    actor,
    name: confirmed.name,
    role: confirmed.role,
  });
}

/**
 * Where four eyes stands, for the console to say plainly when it rests on one administrator:
 * who counts, who does not yet and from when, the raise that waits, and the administrators the
 * notices cannot reach.
 */
export async function fourEyesStatus(
  domain: Pick<Domain, 'queries' | 'now'>,
  rules: ReviewRules,
): Promise<FourEyesStatus> {
  const at = isoNow(domain);
  const [operators, limit] = await Promise.all([
    domain.queries.operators.standings(),
    secondApprovalLimit(domain, rules),
  ]);
  const open = operators.filter((operator) => operator.status === 'active' && operator.enrolled_at !== null);
  const counted = open.filter((operator) => countsAt(operator, at));
  const admins = open.filter((operator) => operator.role === 'admin');
  return {
    counted_admins: counted.filter((operator) => operator.role === 'admin').map((operator) => operator.name),
    counted_operators: counted.length,
    waiting: open
      .filter((operator) => !countsAt(operator, at))
      .map((operator) => ({
        name: operator.name,
        role: operator.role,
        counts_from: countsFrom(operator) ?? at,
        added_by: operator.added_by,
      })),
    limit_raise: limit.raise,
    unmailed_admins: admins.filter((operator) => !operator.email).map((operator) => operator.name),
  };
}

declare module '../platform/context' {
  interface ServerContext {
    /** Which withdrawals need two operators' approvals. */
    reviewRules: ReviewRules;
  }
}
