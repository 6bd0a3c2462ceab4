import { useLingui } from '@lingui/react/macro';
import type { CustomerSummary, DecisionResult, OperatorRole, ReviewKind } from '../../contract/console';
import type { BankType, LedgerKind, ReviewState, SaleOrderState } from '../../contract/rules';
import { Badge, type BadgeTone } from './badge';

/** The words for the wire's codes, in the console's language. */
export function useLabels() {
  const { t } = useLingui();
  return {
    kind: (kind: ReviewKind) => ({ recharge: t`Recharge`, withdraw: t`Withdrawal`, sale: t`Sale` })[kind],
    role: (role: OperatorRole) => ({ reviewer: t`Reviewer`, admin: t`Administrator` })[role],
    customerStatus: (status: CustomerSummary['status']) =>
      ({ active: t`Active`, locked: t`Locked`, disabled: t`Disabled` })[status],
    bankType: (type: BankType) => ({ bank: t`Bank transfer`, wise: t`Wise` })[type],
    ledgerKind: (kind: LedgerKind) =>
      ({
        recharge: t`Recharge`,
        sale: t`Sale`,
        sale_refund: t`Sale refunded`,
        lixibao_buy: t`Interest deposit`,
        lixibao_return: t`Interest deposit returned`,
        interest: t`Interest`,
        withdraw: t`Withdrawal`,
        withdraw_refund: t`Withdrawal refunded`,
        adjust: t`Adjustment`,
      })[kind] ?? kind,
  };
}

const STATE_TONES: Record<ReviewState | SaleOrderState, BadgeTone> = {
  audit: 'waiting',
  success: 'good',
  completion: 'good',
  failure: 'bad',
  reject: 'bad',
};

/** An order's state as a badge: waiting for review, approved or rejected. */
export function StateBadge({ state }: { state: ReviewState | SaleOrderState }) {
  const { t } = useLingui();
  const text = {
    audit: t`Waiting for review`,
    success: t`Approved`,
    completion: t`Approved`,
    failure: t`Rejected`,
    reject: t`Rejected`,
  }[state];
  return <Badge tone={STATE_TONES[state] ?? 'neutral'}>{text ?? state}</Badge>;
}

/** What a decision came to, said as a sentence. */
export function useOutcomeText(): (outcome: DecisionResult['outcome']) => string {
  const { t } = useLingui();
  return (outcome) => {
    if (outcome === 'awaiting_second_approval') {
      return t`Your approval is recorded. A second operator must approve this order before the money moves.`;
    }
    if (outcome === 'success' || outcome === 'completion') return t`Approved.`;
    if (outcome === 'failure' || outcome === 'reject') return t`Rejected. The customer can read your remark.`;
    return t`Decision recorded.`;
  };
}

/** A customer's account state as a badge: active, or held (locked after wrong passwords, disabled). */
export function CustomerStatusBadge({ status }: { status: CustomerSummary['status'] }) {
  const labels = useLabels();
  return <Badge tone={status === 'active' ? 'good' : 'bad'}>{labels.customerStatus(status)}</Badge>;
}
