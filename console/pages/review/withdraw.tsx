import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { LedgerLine, WithdrawReview } from '../../../contract/console';
import { useOperator } from '../../state/operator';
import { Badge } from '../../ui/badge';
import { Details } from '../../ui/details';
import { Empty } from '../../ui/states';
import { DateTime, Usdt } from '../../ui/values';
import { StateBadge, useLabels } from '../../ui/labels';
import { LedgerLinesTable } from '../../ui/ledger-lines';
import { CustomerPanel } from './customer';
import { ApprovalsPanel } from './approvals';
import { DecisionPanel } from './decision';
import { ReviewPage } from './frame';

function LedgerTable({ lines }: { lines: readonly LedgerLine[] }) {
  const { t } = useLingui();
  const headingId = useId();
  return (
    <section className="panel panel-wide" aria-labelledby={headingId}>
      <h2 id={headingId}>{t`Recent ledger lines`}</h2>
      {lines.length === 0 ? (
        <Empty>
          <Trans>No ledger lines.</Trans>
        </Empty>
      ) : (
        <LedgerLinesTable lines={lines} />
      )}
    </section>
  );
}

function WithdrawDetail({ review, me }: { review: WithdrawReview; me: string }) {
  const { t } = useLingui();
  const labels = useLabels();
  const orderHeading = useId();
  const bindingHeading = useId();
  const { withdraw, binding, approvals } = review;
  const pending = withdraw.state === 'audit';
  const awaitingSecond = pending && review.needs_second_approval && approvals.length === 1;
  const approvedByMe = approvals.some((approval) => approval.operator === me);
  return (
    <div className="review review-withdraw">
      <div className="review-main">
        <section className="panel" aria-labelledby={orderHeading}>
          <h2 id={orderHeading}>{t`Withdrawal`}</h2>
          {awaitingSecond ? (
            <p className="banner">
              <Badge tone="warning">{t`Awaiting second approval`}</Badge>
            </p>
          ) : null}
          <Details
            rows={[
              { term: t`Order number`, value: withdraw.order_no, kind: 'code' },
              { term: t`Amount`, value: <Usdt value={withdraw.amount} />, kind: 'figure' },
              { term: t`Submitted`, value: <DateTime iso={withdraw.created_at} /> },
              { term: t`State`, value: <StateBadge state={withdraw.state} /> },
              withdraw.remark ? { term: t`Remark`, value: withdraw.remark } : null,
            ]}
          />
        </section>
        <section className="panel" aria-labelledby={bindingHeading}>
          <h2 id={bindingHeading}>{t`Payout account`}</h2>
          {binding ? (
            <Details
              rows={[
                { term: t`Account holder`, value: binding.holder },
                { term: t`IBAN`, value: binding.iban, kind: 'code' },
                { term: t`Bank name`, value: binding.bank },
                { term: t`Country`, value: binding.country },
                { term: t`Payout method`, value: labels.bankType(binding.type) },
              ]}
            />
          ) : (
            <p className="note note-warning">
              <Trans>The customer has no payout account on file.</Trans>
            </p>
          )}
        </section>
        <ApprovalsPanel kind="withdraw" approvals={approvals} needsTwo={review.needs_second_approval} />
      </div>
      <div className="review-side">
        <DecisionPanel
          kind="withdraw"
          id={withdraw.id}
          pending={pending}
          firstApprovalIsMine={review.needs_second_approval && approvedByMe}
        />
        <CustomerPanel customer={review.customer} />
      </div>
      <LedgerTable lines={review.ledger} />
    </div>
  );
}

/** A withdrawal: where the money goes, what the customer holds, who approved so far. */
export function WithdrawReviewPage() {
  const me = useOperator().name;
  return <ReviewPage kind="withdraw">{(review) => <WithdrawDetail review={review} me={me} />}</ReviewPage>;
}
