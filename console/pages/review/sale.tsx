import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { SaleReview } from '../../../contract/console';
import { Details } from '../../ui/details';
import { MerchantAvatar } from '../../ui/merchant-avatar';
import { DateTime, Fiat, Usdt } from '../../ui/values';
import { StateBadge } from '../../ui/labels';
import { CustomerPanel } from './customer';
import { DecisionPanel } from './decision';
import { ReviewPage } from './frame';

function SaleDetail({ review }: { review: SaleReview }) {
  const { t } = useLingui();
  const orderHeading = useId();
  const offerHeading = useId();
  const merchantHeading = useId();
  const { order, offer, merchant } = review;
  return (
    <div className="review review-sale">
      <div className="review-main">
        <section className="panel" aria-labelledby={orderHeading}>
          <h2 id={orderHeading}>{t`Sale`}</h2>
          <Details
            rows={[
              { term: t`Order number`, value: order.order_no, kind: 'code' },
              { term: t`Quantity`, value: <Usdt value={order.number} />, kind: 'figure' },
              {
                term: t`Unit price`,
                value: <Fiat value={order.unit_price} currency={order.currency} />,
                kind: 'figure',
              },
              {
                term: t`Total the merchant pays`,
                value: <Fiat value={order.total} currency={order.currency} />,
                kind: 'figure',
              },
              { term: t`Submitted`, value: <DateTime iso={order.created_at} /> },
              { term: t`State`, value: <StateBadge state={order.state} /> },
            ]}
          />
        </section>
        <section className="panel" aria-labelledby={offerHeading}>
          <h2 id={offerHeading}>{t`Offer`}</h2>
          {offer ? (
            <Details
              rows={[
                { term: t`Offer number`, value: offer.order_no, kind: 'code' },
                {
                  term: t`Unit price`,
                  value: <Fiat value={offer.unit_price} currency={offer.currency} />,
                  kind: 'figure',
                },
                { term: t`Quantity offered`, value: <Usdt value={offer.quantity} />, kind: 'figure' },
              ]}
            />
          ) : (
            <p className="muted">
              <Trans>The offer no longer exists.</Trans>
            </p>
          )}
        </section>
        <section className="panel" aria-labelledby={merchantHeading}>
          <h2 id={merchantHeading}>{t`Merchant`}</h2>
          {merchant ? (
            <div className="merchant">
              <MerchantAvatar name={merchant.name} avatar={merchant.avatar} />
              <Details
                rows={[
                  { term: t`Merchant's name`, value: merchant.name },
                  { term: t`Completed orders`, value: t`${merchant.completion_rate} %`, kind: 'figure' },
                ]}
              />
            </div>
          ) : (
            <p className="muted">
              <Trans>No merchant on file.</Trans>
            </p>
          )}
        </section>
      </div>
      <div className="review-side">
        <DecisionPanel kind="sale" id={order.id} pending={order.state === 'audit'} />
        <CustomerPanel customer={review.customer} />
      </div>
    </div>
  );
}

/** A sale: the order, the offer it took and the merchant paying, and a decision. */
export function SaleReviewPage() {
  return <ReviewPage kind="sale">{(review) => <SaleDetail review={review} />}</ReviewPage>;
}
