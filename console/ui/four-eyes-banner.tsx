import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { FourEyesStatus } from '../../contract/console';
import { formatList } from '../../web-kit/lib/format-phrases';
import { DateTime, Usdt } from './values';
import { useLabels } from './labels';

/** Whether four eyes rests on fewer people than it should, or a change to it waits. */
function needsSaying(status: FourEyesStatus): boolean {
  return (
    status.counted_admins.length < 2 ||
    status.counted_operators < 2 ||
    status.waiting.length > 0 ||
    status.limit_raise !== null ||
    status.unmailed_admins.length > 0
  );
}

function WaitingOperator({ operator }: { operator: FourEyesStatus['waiting'][number] }) {
  const labels = useLabels();
  const { name, added_by: addedBy } = operator;
  const role = labels.role(operator.role);
  return (
    <li>
      <Trans>
        {name} ({role}, added by {addedBy}) does not count toward four eyes until{' '}
        <DateTime iso={operator.counts_from} />. An administrator other than {addedBy} can confirm them sooner in
        Operators.
      </Trans>
    </li>
  );
}

/**
 * Says plainly, above every screen, when four eyes rests on one administrator or on fewer than two
 * operators, who does not count yet and until when, the raise of the limit that waits, and which
 * administrators the mails about these changes cannot reach. Shows nothing when all is well.
 */
export function FourEyesBanner({ status: data }: { status: FourEyesStatus | undefined }) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  if (!data || !needsSaying(data)) return null;
  const [only] = data.counted_admins;
  const raise = data.limit_raise;
  const requestedBy = raise?.requested_by;
  const unmailed = formatList(data.unmailed_admins, i18n.locale);
  return (
    <section className="note note-warning four-eyes" aria-labelledby={headingId}>
      <h2 id={headingId} className="four-eyes-title">
        {t`Four eyes`}
      </h2>
      <ul className="four-eyes-list">
        {data.counted_admins.length === 0 ? (
          <li>
            <Trans>No administrator counts toward four eyes: new operators and raised limits each wait 24 hours.</Trans>
          </li>
        ) : data.counted_admins.length === 1 ? (
          <li>
            <Trans>
              Four eyes rests on one administrator: only {only} counts. The operators they add and the limits they raise
              each wait 24 hours, as no other administrator can confirm them.
            </Trans>
          </li>
        ) : null}
        {data.counted_operators < 2 ? (
          <li>
            <Trans>
              Fewer than two operators count toward four eyes: an order that needs two approvals cannot be paid.
            </Trans>
          </li>
        ) : null}
        {data.waiting.map((operator) => (
          <WaitingOperator key={operator.name} operator={operator} />
        ))}
        {raise ? (
          <li>
            <Trans>
              The second-approval limit rises to <Usdt value={raise.amount} /> at <DateTime iso={raise.in_force_at} />,
              as {requestedBy} asked. Another administrator can confirm it sooner in Settings, and any administrator can
              set the limit again.
            </Trans>
          </li>
        ) : null}
        {data.unmailed_admins.length > 0 ? (
          <li>
            <Trans>
              Without an e-mail address, not told of these changes: {unmailed}. Set one with npm run ops -- operator
              email.
            </Trans>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
