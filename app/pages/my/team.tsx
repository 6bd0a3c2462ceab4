import { Trans, useLingui } from '@lingui/react/macro';
import { useTeamMembers, useTeamTotals } from '../../api/team';
import { formatDateTime } from '../../../web-kit/lib/format';
import { EndlessList } from '../../ui/endless-list';
import { Money } from '../../ui/money';
import { StatGrid } from '../../ui/stat-grid';

export default function TeamPage() {
  const { t, i18n } = useLingui();
  const { data: totals, error, mutate } = useTeamTotals();
  const members = useTeamMembers();
  const count = (value: number) => new Intl.NumberFormat(i18n.locale).format(value);
  return (
    <>
      <StatGrid
        label={t`Team figures`}
        failed={error !== undefined && !totals}
        onRetry={() => void mutate()}
        stats={[
          { label: t`Team size`, value: totals && count(totals.team_size) },
          { label: t`Team recharges (USDT)`, value: totals && <Money value={totals.team_recharge} /> },
          { label: t`Invited by me`, value: totals && count(totals.direct_count) },
          { label: t`Invited by them`, value: totals && count(totals.indirect_count) },
        ]}
      />
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
