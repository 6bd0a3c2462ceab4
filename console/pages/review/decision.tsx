import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { Decision, DecisionResult, ReviewKind } from '../../../contract/console';
import { call } from '../../api/client';
import { useRefreshReviews } from '../../api/reads';
import { REMARK_MAX_LENGTH } from '../../api/wire';
import { BusyButton } from '../../ui/busy-button';
import { ErrorNote } from '../../ui/failure';
import { TextArea } from '../../ui/field';
import { useOutcomeText } from '../../ui/labels';

interface Props {
  kind: ReviewKind;
  id: number;
  /** The order still waits for a decision. */
  pending: boolean;
  /** This operator gave the first of two approvals: the second must be someone else's. */
  firstApprovalIsMine?: boolean;
}

/**
 * Approve, or reject with a remark the customer will read. Both buttons wait while a decision is
 * in flight; the outcome stays on screen while the order's new state loads below it.
 */
export function DecisionPanel({ kind, id, pending, firstApprovalIsMine = false }: Props) {
  const { t } = useLingui();
  const headingId = useId();
  const outcomeText = useOutcomeText();
  const refreshReviews = useRefreshReviews();
  const [remark, setRemark] = useState('');
  const [remarkError, setRemarkError] = useState<string>();
  const [busy, setBusy] = useState<Decision | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [outcome, setOutcome] = useState<DecisionResult['outcome'] | null>(null);
  const remarkRef = useRef<HTMLTextAreaElement>(null);

  const decide = async (decision: Decision) => {
    if (busy) return;
    setFailure(null);
    const reason = remark.trim();
    if (decision === 'reject' && !reason) {
      setRemarkError(t`Write the reason for rejecting: the customer reads it.`);
      remarkRef.current?.focus();
      return;
    }
    setRemarkError(undefined);
    setBusy(decision);
    try {
      const result = await call('review/decide', {
        kind,
        id: String(id),
        decision,
        remark: decision === 'reject' ? reason : '',
      });
      setOutcome(result.outcome);
      setRemark('');
      refreshReviews();
    } catch (error) {
      setFailure(error);
      // The order may have been decided by someone else meanwhile: show its state now.
      refreshReviews();
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="panel decision" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Decision</Trans>
      </h2>
      {outcome ? (
        <div
          className={`note ${outcome === 'failure' || outcome === 'reject' ? 'note-info' : 'note-success'}`}
          role="status"
        >
          <p>{outcomeText(outcome)}</p>
          <Link href="/queue">
            <Trans>Back to the queue</Trans>
          </Link>
        </div>
      ) : null}
      {!pending && !outcome ? (
        <p className="muted">
          <Trans>This order has been decided; nothing is left to do here.</Trans>
        </p>
      ) : null}
      {pending ? (
        <>
          {firstApprovalIsMine ? (
            // Right after this operator's own first approval, the outcome above already says it.
            outcome === 'awaiting_second_approval' ? null : (
              <p className="note note-info">
                <Trans>You gave the first approval. A second operator must approve this order.</Trans>
              </p>
            )
          ) : (
            <div className="decision-approve">
              <BusyButton
                className="button-primary"
                busy={busy === 'approve'}
                disabled={busy !== null}
                onClick={() => void decide('approve')}
              >
                {t`Approve`}
              </BusyButton>
            </div>
          )}
          <div className="decision-reject">
            <TextArea
              label={t`Reason for rejecting (the customer reads it)`}
              name="remark"
              rows={3}
              maxLength={REMARK_MAX_LENGTH}
              value={remark}
              onChange={(value) => {
                setRemark(value);
                if (value.trim()) setRemarkError(undefined);
              }}
              hint={t`${remark.length} of ${REMARK_MAX_LENGTH} characters`}
              error={remarkError}
              areaRef={remarkRef}
            />
            <BusyButton
              className="button-danger"
              busy={busy === 'reject'}
              disabled={busy !== null}
              onClick={() => void decide('reject')}
            >
              {t`Reject`}
            </BusyButton>
          </div>
        </>
      ) : null}
      <ErrorNote error={failure} />
    </section>
  );
}
