import { languageByWire } from '../../contract/languages';
import type { LiveEvent } from '../../contract/live';
import { cents, formatMoney } from '../../contract/money';
import { NOTICE_SCREENS, noticeUrl, type PushNotice } from '../../contract/push';
import type { PushKind } from './queries';
import { isMessageKey, languageOf, translate, type MessageKey } from '../platform/i18n';

/** A decision a customer hears of by push. */
export interface Outcome {
  kind: PushKind;
  id: number;
  state: string;
}

/**
 * The final outcomes among the live events: a sale completed or rejected, a recharge credited or
 * rejected, a withdrawal paid or refused, a holding paid back. An order entering review
 * ('audit') or a new holding is no news to its own customer.
 */
export function outcomeOf(event: LiveEvent): Outcome | undefined {
  switch (event.type) {
    case 'sale_order':
    case 'recharge':
    case 'withdraw':
      return event.state === 'audit' ? undefined : { kind: event.type, id: event.id, state: event.state };
    case 'lixibao':
      return event.state === 'done' ? { kind: event.type, id: event.id, state: event.state } : undefined;
    case 'deposit':
      return event.state === 'credited' ? { kind: event.type, id: event.id, state: event.state } : undefined;
    default:
      return undefined;
  }
}

/** Whether a committed event's payload (server/live/hub.ts) tells of an outcome worth a notice. */
export function announcesOutcome(payload: string): boolean {
  try {
    return outcomeOf(JSON.parse(payload) as LiveEvent) !== undefined;
  } catch {
    return false;
  }
}

/** The screen a notice opens: where the customer sees what happened, or can act on it. */
function screenOf(outcome: Pick<Outcome, 'kind' | 'state'>): string {
  switch (outcome.kind) {
    case 'sale_order':
      return NOTICE_SCREENS.orders;
    case 'recharge':
      // A credit shows in the fund log; a rejected recharge is listed nowhere, so the customer
      // lands where they can send it again.
      return outcome.state === 'success' ? NOTICE_SCREENS.fundLog : NOTICE_SCREENS.recharge;
    case 'withdraw':
      return NOTICE_SCREENS.withdrawalRecords;
    case 'lixibao':
      return NOTICE_SCREENS.interestWallet;
    case 'deposit':
      return NOTICE_SCREENS.fundLog;
  }
}

function messageKey(
  outcome: Pick<Outcome, 'kind' | 'state'>,
  part: 'title' | 'body' | 'hidden',
): MessageKey | undefined {
  const key = `push.${outcome.kind}.${outcome.state}.${part}`;
  return isMessageKey(key) ? key : undefined;
}

/** An amount of USDT as the customer's language writes numbers ("1,250.00", "1.250,00"). */
function formatAmount(amount: number, locale: string): string {
  const format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return format.format(formatMoney(cents(amount)) as Intl.StringNumericLiteral);
}

export interface NoticeFor {
  outcome: Pick<Outcome, 'kind' | 'state'> & { id: number };
  /** The order's amount in cents, as stored. */
  amount: number;
  /** The subscription's wire language and choice to hide amounts. */
  lang: string;
  hideAmounts: boolean;
  session: string;
}

/** The notice in the subscription's language; without the amount while it hides amounts. */
export function noticeFor({ outcome, amount, lang, hideAmounts, session }: NoticeFor): PushNotice | undefined {
  const title = messageKey(outcome, 'title');
  const body = messageKey(outcome, hideAmounts ? 'hidden' : 'body');
  if (!title || !body) return undefined;
  const wire = languageOf(lang);
  const locale = languageByWire(wire)?.locale ?? 'en';
  return {
    title: translate(wire, title),
    body: translate(wire, body, hideAmounts ? {} : { amount: formatAmount(amount, locale) }),
    url: noticeUrl(screenOf(outcome)),
    tag: `${outcome.kind}-${outcome.id}`,
    session,
  };
}
