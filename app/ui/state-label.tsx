import { useLingui } from '@lingui/react/macro';
import type { ReviewState } from '../../contract/rules';

/** One label per state of a reviewed order (withdrawal, recharge): named, coloured, consistent. */
export function ReviewStateLabel({ state }: { state: ReviewState }) {
  const { t } = useLingui();
  const text = { audit: t`In audit`, success: t`Success`, failure: t`Failure` }[state];
  return <span className={`state-label state-${state}`}>{text}</span>;
}
