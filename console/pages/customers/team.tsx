import { Trans, useLingui } from '@lingui/react/macro';
import type { CustomerDetail } from '../../../contract/console';
import { Details } from '../../ui/details';
import { Panel } from '../../ui/panel';
import { Empty } from '../../ui/states';
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
      {team.members.length === 0 ? (
        <Empty>
          <Trans>No team members.</Trans>
        </Empty>
      ) : (
        <div className="table-frame">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t`Account`}</th>
                <th scope="col">{t`Level`}</th>
                <th scope="col">{t`Joined`}</th>
              </tr>
            </thead>
            <tbody>
              {team.members.map((member) => (
                <tr key={member.account}>
                  <td className="code">{member.account}</td>
                  <td>{member.level === 1 ? t`Direct` : t`Indirect`}</td>
                  <td>
                    <DateTime iso={member.created_at} layout="short" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
