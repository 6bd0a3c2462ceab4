import { Trans, useLingui } from '@lingui/react/macro';
import type { CustomerDetail } from '../../../contract/console';
import { Details } from '../../ui/details';
import { Panel } from '../../ui/panel';
import { DataTable } from '../../ui/data-table';
import { DateTime } from '../../ui/values';

/** Whom the customer invited, directly and through those they invited. */
export function TeamPanel({ team }: { team: CustomerDetail['team'] }) {
  const { t } = useLingui();
  return (
    <Panel title={t`Team`}>
      <Details
        rows={[
          { term: t`Invited directly`, value: team.direct, kind: 'figure' },
          { term: t`Invited through them`, value: team.indirect, kind: 'figure' },
        ]}
      />
      <DataTable
        rows={team.members}
        rowKey={(member) => member.account}
        empty={<Trans>No team members.</Trans>}
        columns={[
          { header: t`Account`, className: 'code', cell: (member) => member.account },
          { header: t`Level`, cell: (member) => (member.level === 1 ? t`Direct` : t`Indirect`) },
          { header: t`Joined`, cell: (member) => <DateTime iso={member.created_at} layout="short" /> },
        ]}
      />
    </Panel>
  );
}
