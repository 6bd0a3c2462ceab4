import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useWithdrawals } from '../../api/withdraw';
import { formatDateTime } from '../../../web-kit/lib/format';
import { useHashSearch } from '../../../web-kit/lib/hash-location';
import { EndlessList } from '../../ui/endless-list';
import { Money } from '../../ui/money';
import { ReviewStateLabel } from '../../ui/state-label';
import { PATHS } from '../../lib/paths';

export default function WithdrawalRecordsPage() {
  const { t, i18n } = useLingui();
  const placed = new URLSearchParams(useHashSearch()).get('placed') === '1';
  const records = useWithdrawals();
  return (
    <>
      {placed ? (
        <p className="notice" role="status">
          <Trans>Order placed successfully. It is in audit; you will be notified when it is paid out.</Trans>
        </p>
      ) : null}
      <EndlessList
        label={t`Withdrawal records`}
        list={records}
        empty={
          <>
            <Trans>No withdrawals yet.</Trans>
            <Link href={PATHS.withdraw} className="button small-button state-action">
              <Trans>Withdraw</Trans>
            </Link>
          </>
        }
        itemKey={(record) => record.id}
        renderItem={(record) => (
          <article className="list-item" aria-label={t`Withdrawal ${record.order_no}`}>
            <p>
              <strong>
                <Money value={record.amount} /> USDT
              </strong>
            </p>
            <p className="end">
              <ReviewStateLabel state={record.state} />
            </p>
            <p className="muted small">
              {record.type === 'bank' ? t`Bank card` : t`Wise`} {record.account}
            </p>
            <p className="muted small end">{formatDateTime(record.created_at, i18n.locale)}</p>
            <p className="muted small">{record.order_no}</p>
            {record.remark ? <p className="small end">{record.remark}</p> : null}
          </article>
        )}
      />
    </>
  );
}
