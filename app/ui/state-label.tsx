import { useLingui } from '@lingui/react/macro';
import type { DepositState, ReviewState } from '../../contract/rules';

/** One label per state of a reviewed order (withdrawal, recharge): named, coloured, consistent. */
export function ReviewStateLabel({ state }: { state: ReviewState }) {
  const { t } = useLingui();
  const text = { audit: t`In audit`, success: t`Success`, failure: t`Failure` }[state];
  return <span className={`state-label state-${state}`}>{text}</span>;
}

/** Where a transfer to the customer's own address stands: confirming n/N, credited, or not credited and why. */
export function DepositStateLabel({
  state,
  confirmations,
  needed,
}: {
  state: DepositState;
  confirmations: number;
  needed: number;
}) {
  const { t } = useLingui();
  const text = {
    confirming: t`Confirming ${confirmations}/${needed}`,
    credited: t`Credited`,
    orphaned: t`Dropped by the network`,
    below_minimum: t`Below the minimum: not credited`,
  }[state];
  const tone = { confirming: 'audit', credited: 'success', orphaned: 'failure', below_minimum: 'failure' }[state];
  return <span className={`state-label state-${tone}`}>{text}</span>;
}
