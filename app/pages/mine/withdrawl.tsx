import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { BankType } from '../../../contract/rules';
import { useBinding } from '../../api/bank';
import { Icon, type IconPath } from '../../ui/icons';
import { bankIcon, bindingIcon, chevronIcon, recordsIcon } from '../../ui/page-icons';
import { PATHS } from '../../lib/paths';

function Method({ type, title, icon }: { type: BankType; title: string; icon: IconPath }) {
  const { binding } = useBinding(type);
  return (
    <Link href={`${PATHS.withdrawToCard}?type=${type}`} className="choice">
      <span className="tile-icon">
        <Icon path={icon} />
      </span>
      <span className="label">
        <strong>{title}</strong>
        <p className="muted small">
          {binding === undefined ? (
            '…'
          ) : binding ? (
            <Trans>Bound: {binding.iban}</Trans>
          ) : (
            <Trans>Not bound yet — you can bind it on the next step</Trans>
          )}
        </p>
      </span>
      <Icon path={chevronIcon} variant="chevron" />
    </Link>
  );
}

export default function WithdrawMethodPage() {
  const { t } = useLingui();
  return (
    <>
      <p className="lead">
        <Trans>Where should the money go?</Trans>
      </p>
      <nav className="choice-list" aria-label={t`Withdrawal methods`}>
        <Method type="bank" title={t`Bank card`} icon={bankIcon} />
        <Method type="wise" title={t`Wise`} icon={bindingIcon} />
      </nav>
      <Link href={PATHS.withdrawalRecords} className="button secondary block">
        <Icon path={recordsIcon} />
        <Trans>Withdrawal records</Trans>
      </Link>
    </>
  );
}
