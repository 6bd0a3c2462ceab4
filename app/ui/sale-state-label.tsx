import { useLingui } from '@lingui/react/macro';
import type { SaleOrderState } from '../../contract/rules';

/** The seed's labels for a sale order: In audit, Completed, Rejected. */
export function SaleStateLabel({ state }: { state: SaleOrderState }) {
  const { t } = useLingui();
  const text = { audit: t`In audit`, completion: t`Completed`, reject: t`Rejected` }[state];
  const tone = { audit: 'audit', completion: 'success', reject: 'failure' }[state];
  return <span className={`state-label state-${tone}`}>{text}</span>;
}
