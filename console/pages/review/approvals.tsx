import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { IsoTime } from '../../../contract/responses';
import { DateTime } from '../../ui/values';

/** Who has approved a recharge or withdrawal so far, and whether it takes two operators. */
export function ApprovalsPanel({
  kind,
  approvals,
  needsTwo,
}: {
  kind: 'recharge' | 'withdraw';
  approvals: readonly { operator: string; at: IsoTime }[];
  needsTwo: boolean;
}) {
  const { t } = useLingui();
  const headingId = useId();
  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{t`Approvals`}</h2>
      {needsTwo ? (
        <p className="muted">
          {kind === 'withdraw' ? (
            <Trans>
              With the customer's other withdrawals of the 24 hours before it, this withdrawal is above the limit: it is
              paid out once two operators approve it.
            </Trans>
          ) : (
            <Trans>
              With the customer's other recharges of the 24 hours before it, this recharge is above the limit: it is
              credited once two operators approve it.
            </Trans>
          )}
        </p>
      ) : null}
      {approvals.length === 0 ? (
        <p>
          <Trans>No approvals yet.</Trans>
        </p>
      ) : (
        <ul className="approvals">
          {approvals.map((approval) => (
            <li key={`${approval.operator}-${approval.at}`}>
              <span className="code">{approval.operator}</span> · <DateTime iso={approval.at} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
