import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { ChainCheckVerdict, RechargeReview, RechargeSummary, ReservedAmount } from '../../../contract/console';
import { useOperator } from '../../state/operator';
import { Badge } from '../../ui/badge';
import { Details } from '../../ui/details';
import { DataTable } from '../../ui/data-table';
import { DateTime, Usdt } from '../../ui/values';
import { StateBadge } from '../../ui/labels';
import { CustomerPanel } from './customer';
import { ApprovalsPanel } from './approvals';
import { DecisionPanel } from './decision';
import { ReviewPage } from './frame';
import { ProofViewer } from './proof';

function RecentRecharges({ recent, current }: { recent: readonly RechargeSummary[]; current: number }) {
  const { t } = useLingui();
  const headingId = useId();
  return (
    <section className="panel panel-wide" aria-labelledby={headingId}>
      <h2 id={headingId}>{t`The customer's recent recharges`}</h2>
      <DataTable
        rows={recent}
        rowKey={(row) => row.id}
        rowClassName={(row) => (row.id === current ? 'row-current' : undefined)}
        empty={<Trans>No earlier recharges.</Trans>}
        columns={[
          {
            header: t`Submitted`,
            cell: (row) => (
              <>
                <DateTime iso={row.created_at} layout="stacked" />
                {row.id === current ? <span className="muted"> · {t`this one`}</span> : null}
              </>
            ),
          },
          { header: t`Network`, cell: (row) => row.type },
          { header: t`Amount`, figure: true, cell: (row) => <Usdt value={row.amount} /> },
          { header: t`State`, cell: (row) => <StateBadge state={row.state} /> },
          { header: t`Remark`, cell: (row) => row.remark },
        ]}
      />
    </section>
  );
}

/** What the chain said of the transaction the customer named, in the reviewer's words. */
function ChainCheckNote({
  check,
  claimed,
  reserved,
}: {
  check: ChainCheckVerdict;
  claimed: string;
  reserved: ReservedAmount | null;
}) {
  const { t } = useLingui();
  const { detail } = check;
  const words = {
    pending: t`Looking the transaction up on the chain…`,
    matched: t`The chain shows this transfer, final (${detail}).`,
    not_found: t`The chain does not show this transaction (yet). It is looked at again for a day.`,
    failed: t`The transaction failed on the chain: nothing was transferred.`,
    no_usdt: t`The transaction moves no USDT of this network's contract: another token, perhaps a look-alike.`,
    other_address: t`Sent to another address: ${detail}.`,
    amount: reserved
      ? t`Amount ${detail} ≠ ${claimed}, the unique amount reserved for this customer: they sent another amount, or named someone else's transfer.`
      : t`Amount ${detail} ≠ ${claimed} claimed.`,
    not_final: t`Not yet final: ${detail} confirmations. It is looked at again until it is.`,
    too_early: t`Made on ${detail}, before the customer's account, before proofs were checked or before the amount was reserved: it may have been credited already.`,
    expired: t`Sent on ${detail}, after the reservation of this amount ended. Make sure it is this customer's transfer before approving.`,
    unreserved: t`The chain shows this transfer, final, but no unique amount was reserved for it: anyone who saw it on the chain could name it. Make sure this customer sent it.`,
    sender_elsewhere: t`Sent from ${detail}, an address whose transfer was credited to another customer before.`,
    unreachable: t`The network's nodes did not answer. It is looked at again.`,
  }[check.verdict];
  const tone =
    check.verdict === 'matched' ? 'note-success' : check.verdict === 'pending' ? 'note-info' : 'note-warning';
  return (
    <p className={`note ${tone}`} data-testid="chain-verdict">
      <strong>{t`On the chain:`}</strong> {words}
    </p>
  );
}

/** The amount the customer was asked to send, what they asked to recharge, and until when it held. */
function ReservedLine({ reserved }: { reserved: ReservedAmount }) {
  return (
    <span data-testid="reserved-amount">
      <Trans>
        <Usdt value={reserved.exact_amount} /> (asked for <Usdt value={reserved.amount} />
        ), held until <DateTime iso={reserved.expires_at} />
      </Trans>
    </span>
  );
}

function RechargeDetail({ review, me }: { review: RechargeReview; me: string }) {
  const { t } = useLingui();
  const proofHeading = useId();
  const orderHeading = useId();
  const { recharge, approvals } = review;
  const pending = recharge.state === 'audit';
  const awaitingSecond = pending && review.needs_second_approval && approvals.length === 1;
  const approvedByMe = approvals.some((approval) => approval.operator === me);
  return (
    <div className="review review-recharge">
      <section className="panel proof-panel" aria-labelledby={proofHeading}>
        <h2 id={proofHeading}>{t`Transfer proof`}</h2>
        <ProofViewer src={recharge.credentials} />
      </section>
      <div className="review-side">
        <section className="panel" aria-labelledby={orderHeading}>
          <h2 id={orderHeading}>{t`Recharge`}</h2>
          {awaitingSecond ? (
            <p className="banner">
              <Badge tone="warning">{t`Awaiting second approval`}</Badge>
            </p>
          ) : null}
          <Details
            rows={[
              { term: t`Amount`, value: <Usdt value={recharge.amount} />, kind: 'figure' },
              review.reserved
                ? { term: t`Unique amount reserved`, value: <ReservedLine reserved={review.reserved} /> }
                : null,
              { term: t`Network`, value: recharge.type },
              {
                term: t`Receiving address`,
                value: (
                  <>
                    <span className="code">{recharge.address}</span>
                    {review.address_is_current ? null : <Badge tone="warning">{t`Not the current address`}</Badge>}
                  </>
                ),
              },
              recharge.tx_hash
                ? { term: t`Transaction`, value: <span className="code">{recharge.tx_hash}</span> }
                : null,
              { term: t`Submitted`, value: <DateTime iso={recharge.created_at} /> },
              { term: t`State`, value: <StateBadge state={recharge.state} /> },
              recharge.remark ? { term: t`Remark`, value: recharge.remark } : null,
            ]}
          />
          {review.chain_check ? (
            <ChainCheckNote check={review.chain_check} claimed={recharge.amount} reserved={review.reserved} />
          ) : null}
          {review.address_is_current ? null : (
            <p className="note note-warning">
              <Trans>
                This is not the network's current receiving address. Make sure the transfer reached an address of ours
                before approving.
              </Trans>
            </p>
          )}
        </section>
        <DecisionPanel
          kind="recharge"
          id={recharge.id}
          pending={pending}
          firstApprovalIsMine={review.needs_second_approval && approvedByMe}
        />
        <ApprovalsPanel kind="recharge" approvals={approvals} needsTwo={review.needs_second_approval} />
        <CustomerPanel customer={review.customer} />
      </div>
      <RecentRecharges recent={review.recent} current={recharge.id} />
    </div>
  );
}

/** A recharge: the customer's proof of transfer beside what they claim, who approved it so far, and a decision. */
export function RechargeReviewPage() {
  const me = useOperator().name;
  return <ReviewPage kind="recharge">{(review) => <RechargeDetail review={review} me={me} />}</ReviewPage>;
}
