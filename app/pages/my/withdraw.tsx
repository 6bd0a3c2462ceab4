import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { BankType } from '../../../contract/rules';
import { useBoundTypes } from '../../api/bank';
import { Icon, type IconPath } from '../../ui/icons';
import { ErrorState, Skeleton } from '../../ui/states';
import { bankIcon, bindingIcon, chevronIcon, recordsIcon } from '../../ui/page-icons';
import { PATHS } from '../../lib/paths';

/** `bound` is undefined while loading, null when the read failed (the page says so once). */
function Method({
  type,
  title,
  icon,
  bound,
}: {
  type: BankType;
  title: string;
  icon: IconPath;
  bound?: boolean | null;
}) {
  return (
    <Link href={`${PATHS.withdrawToCard}?type=${type}`} className="choice">
      <span className="tile-icon">
        <Icon path={icon} />
      </span>
      <span className="label">
        <strong>{title}</strong>
        {bound !== null && (
          <p className="muted small" aria-busy={bound === undefined ? true : undefined}>
            {bound === undefined ? (
              <Skeleton width={12} />
            ) : bound ? (
              <Trans>Bound — ready to withdraw</Trans>
            ) : (
              <Trans>Not bound yet — you can bind it on the next step</Trans>
            )}
          </p>
        )}
      </span>
      <Icon path={chevronIcon} variant="chevron" />
    </Link>
  );
}

export default function WithdrawMethodPage() {
  const { t } = useLingui();
  // One read for both methods: which types the customer has bound (the seed's own call).
  const { data, error, mutate } = useBoundTypes();
  const failed = error !== undefined && data === undefined;
  const isBound = (type: BankType) => (failed ? null : data?.types.includes(type));
  return (
    <>
      <p className="lead">
        <Trans>Where should the money go?</Trans>
      </p>
      {failed && <ErrorState onRetry={() => void mutate()} />}
      <nav className="choice-list" aria-label={t`Withdrawal methods`}>
        <Method type="bank" title={t`Bank card`} icon={bankIcon} bound={isBound('bank')} />
        <Method type="wise" title={t`Wise`} icon={bindingIcon} bound={isBound('wise')} />
      </nav>
      <Link href={PATHS.withdrawalRecords} className="button secondary block">
        <Icon path={recordsIcon} />
        <Trans>Withdrawal records</Trans>
      </Link>
    </>
  );
}
