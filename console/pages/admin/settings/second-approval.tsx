import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { SecondApprovalLimit } from '../../../../contract/console';
import { call } from '../../../api/client';
import { useReviewSettings, useRevalidate } from '../../../api/reads';
import { useAction } from '../../../lib/use-action';
import { useOperator } from '../../../state/operator';
import { ConfirmButton } from '../../../ui/confirm-button';
import { ErrorNote } from '../../../ui/failure';
import { ListSection } from '../../../ui/list-section';
import { RecordForm } from '../../../ui/record-form';
import { DateTime, Usdt } from '../../../ui/values';

/**
 * A raise of the limit that waits: when it applies and who asked. Another administrator may
 * confirm it now, naming the amount they saw.
 */
function WaitingRaise({ raise }: { raise: NonNullable<SecondApprovalLimit['raise']> }) {
  const { t } = useLingui();
  const revalidate = useRevalidate();
  const me = useOperator().name;
  const { busy, failure, run } = useAction();
  const { amount, requested_by: requestedBy } = raise;
  const confirm = async () => {
    const confirmed = () => call('settings/review-confirm', { second_approval_above: amount });
    if (await run(confirmed)) revalidate('settings/review', 'review/', 'four-eyes/');
  };
  return (
    <div className="note note-warning note-and-action">
      <p>
        <Trans>
          {requestedBy} asked to raise the limit to <Usdt value={amount} />. It applies at{' '}
          <DateTime iso={raise.in_force_at} />, or sooner if another administrator confirms it; setting the limit again
          withdraws it.
        </Trans>
      </p>
      {requestedBy === me ? null : (
        <ConfirmButton
          className="button"
          busy={busy}
          question={t`Raise the second-approval limit to ${amount} USDT now, as ${requestedBy} asked?`}
          onConfirm={() => void confirm()}
        >
          {t`Confirm the raise`}
        </ConfirmButton>
      )}
      <ErrorNote error={failure} />
    </div>
  );
}

/**
 * The limit above which a recharge or withdrawal, with the customer's others of its kind from the
 * 24 hours before it, needs two operators' approvals. A lower one applies at once; a higher one
 * waits 24 hours, or for another administrator to confirm it. Every change is in the audit log and
 * mailed to every administrator.
 */
export function SecondApprovalSection() {
  const { t } = useLingui();
  const { data, error, mutate } = useReviewSettings();
  const revalidate = useRevalidate();
  const [editing, setEditing] = useState(false);
  return (
    <ListSection
      title={t`Second approval`}
      action={
        <button type="button" className="button" onClick={() => setEditing(true)} disabled={!data}>
          {t`Change the limit`}
        </button>
      }
      editor={
        editing && data ? (
          <RecordForm
            title={t`Change the second-approval limit`}
            fields={[
              {
                name: 'second_approval_above',
                label: t`Two approvals above (USDT)`,
                hint: t`Counting the customer's others of the same kind from the 24 hours before. A lower limit applies at once; a higher one after 24 hours, or once another administrator confirms it.`,
                inputMode: 'decimal',
              },
            ]}
            initial={{ second_approval_above: data.second_approval_above }}
            save={(values) => call('settings/review-save', values)}
            onSaved={() => {
              setEditing(false);
              revalidate('settings/review', 'review/', 'four-eyes/');
            }}
            onCancel={() => setEditing(false)}
          />
        ) : null
      }
      read={{ data, error, retry: () => void mutate() }}
      loading={t`Loading the limit…`}
      empty=""
      isEmpty={() => false}
    >
      {(read) => (
        <>
          <p>
            <Trans>
              A recharge or withdrawal needs the approvals of two different operators when it, with the customer's
              others of its kind from the 24 hours before it (refused ones left out), comes to more than{' '}
              <Usdt value={read.second_approval_above} />.
            </Trans>
          </p>
          {read.raise ? <WaitingRaise raise={read.raise} /> : null}
        </>
      )}
    </ListSection>
  );
}
