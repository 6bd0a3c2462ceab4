import { Trans, useLingui } from '@lingui/react/macro';
import { useTeamMembers, useTeamTotals } from '../../api/team';
import { formatDateTime } from '../../lib/format';
import { EndlessList } from '../../ui/endless-list';
import { Money } from '../../ui/money';

export default function TeamPage() {
  const { t, i18n } = useLingui();
  const { data: totals } = useTeamTotals();
  const members = useTeamMembers();
  const count = (value: number | undefined) =>
    value === undefined ? '—' : new Intl.NumberFormat(i18n.locale).format(value);
  return (
    <>
      <dl className="stat-grid" aria-label={t`Team figures`}>
        <div>
          <dt>{t`Team size`}</dt>
          <dd>{count(totals?.team_size)}</dd>
        </div>
        <div>
          <dt>{t`Team recharges (USDT)`}</dt>
          <dd>{totals ? <Money value={totals.team_recharge} /> : '—'}</dd>
        </div>
        <div>
          <dt>{t`Invited by me`}</dt>
          <dd>{count(totals?.direct_count)}</dd>
        </div>
        <div>
          <dt>{t`Invited by them`}</dt>
          <dd>{count(totals?.indirect_count)}</dd>
        </div>
      </dl>
      <EndlessList
        label={t`Team members`}
        list={members}
        empty={<Trans>No one in your team yet. Share your invitation code to grow it.</Trans>}
        itemKey={(member) => `${member.account}${member.created_at}`}
        renderItem={(member) => (
          <article className="list-item" aria-label={member.nickname}>
            <p>
              <strong>{member.nickname}</strong>
            </p>
            <p className="end">
              <span className="state-label">{member.level === 1 ? t`Level 1` : t`Level 2`}</span>
            </p>
            <p className="muted small">{member.account}</p>
            <p className="muted small end">{t`Joined ${formatDateTime(member.created_at, i18n.locale)}`}</p>
          </article>
        )}
      />
    </>
  );
}
