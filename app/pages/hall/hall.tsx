import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Merchant, Offer } from '../../../contract/responses';
import { useHallTotals, useLatestSales, useMerchants, useOffers } from '../../api/selling';
import { formatAmount } from '../../../web-kit/lib/format';
import { Avatar } from '../../ui/avatar';
import { EndlessList } from '../../ui/endless-list';
import { Fiat, Money } from '../../ui/money';
import { StatGrid } from '../../ui/stat-grid';
import { Tabs } from '../../ui/tabs';
import { SellSheet } from './sell-sheet';

function HallFigures() {
  const { t, i18n } = useLingui();
  const { data, error, mutate } = useHallTotals();
  return (
    <StatGrid
      label={t`Hall figures`}
      failed={error !== undefined && !data}
      onRetry={() => void mutate()}
      stats={[
        { label: t`Total volume (USDT)`, value: data && <Money value={data.total_volume} /> },
        { label: t`Today (USDT)`, value: data && <Money value={data.today_volume} /> },
        { label: t`Merchants`, value: data && new Intl.NumberFormat(i18n.locale).format(data.merchants) },
        { label: t`I sold (USDT)`, value: data && <Money value={data.my_sold} /> },
      ]}
    />
  );
}

/** The latest completed sales, scrolling by; still for those who prefer less motion. */
function Ticker() {
  const { t } = useLingui();
  const { data } = useLatestSales();
  if (!data || data.list.length === 0) return null;
  const items = data.list.map((sale, index) => (
    <span key={index} className="ticker-item">
      <Trans>
        {sale.account} sold <Money value={sale.number} /> USDT at{' '}
        <Fiat value={sale.unit_price} currency={sale.currency} />
      </Trans>
    </span>
  ));
  return (
    <section className="ticker" aria-label={t`Latest sales`}>
      <div className="ticker-track">
        {items}
        <span aria-hidden="true" className="ticker-copy">
          {items}
        </span>
      </div>
    </section>
  );
}

/** The merchant's name, with their picture when they have one. */
function MerchantName({ merchant }: { merchant: { name: string; avatar: string } }) {
  return (
    <p className="merchant-name">
      {merchant.avatar ? <Avatar path={merchant.avatar} name={merchant.name} size="small" /> : null}
      <strong>{merchant.name}</strong>
    </p>
  );
}

function OfferCard({ offer, onSell }: { offer: Offer; onSell: (offer: Offer) => void }) {
  const { t, i18n } = useLingui();
  return (
    <article className="list-item offer" aria-label={t`Offer from ${offer.merchant.name}`}>
      <MerchantName merchant={offer.merchant} />
      <p className="end offer-price">
        <Fiat value={offer.unit_price} currency={offer.currency} />
        <span className="muted small"> / USDT</span>
      </p>
      <p className="muted small">
        <Trans>
          {formatAmount(offer.merchant.completion_rate, i18n.locale)}% completed · {offer.merchant.orders_count} orders
        </Trans>
      </p>
      <p className="muted small end">
        <Trans>
          Left <Money value={offer.remaining} />
        </Trans>
      </p>
      <p className="muted small">
        <Trans>
          Limits <Money value={offer.min_number} /> – <Money value={offer.max_number} /> USDT
        </Trans>
      </p>
      <p className="end">
        <button type="button" className="button small-button" onClick={() => onSell(offer)}>
          {t`Sell`}
        </button>
      </p>
    </article>
  );
}

function MerchantCard({ merchant, onSell }: { merchant: Merchant; onSell: (offer: Offer) => void }) {
  const { t, i18n } = useLingui();
  const best = merchant.best_offer;
  return (
    <article className="list-item" aria-label={merchant.name}>
      <MerchantName merchant={merchant} />
      <p className="end">{best ? <Fiat value={best.unit_price} currency={best.currency} /> : '—'}</p>
      <p className="muted small">
        <Trans>
          {formatAmount(merchant.completion_rate, i18n.locale)}% completed · {merchant.orders_count} orders
        </Trans>
      </p>
      <p className="end">
        {best ? (
          <button type="button" className="button small-button" onClick={() => onSell(best)}>
            {t`Sell`}
          </button>
        ) : (
          <span className="muted small">{t`No open offer`}</span>
        )}
      </p>
    </article>
  );
}

export default function HallPage() {
  const { t } = useLingui();
  const [view, setView] = useState<'offers' | 'merchants'>('offers');
  const [selling, setSelling] = useState<Offer>();
  const offers = useOffers();
  const merchants = useMerchants();
  return (
    <>
      <HallFigures />
      <Ticker />
      <Tabs
        label={t`Show`}
        options={[
          { value: 'offers', label: t`Hall` },
          { value: 'merchants', label: t`Merchants` },
        ]}
        value={view}
        onChange={setView}
      />
      {view === 'offers' ? (
        <EndlessList
          label={t`Open offers`}
          list={offers}
          empty={<Trans>No merchant is buying right now. Please look again later.</Trans>}
          itemKey={(offer) => offer.id}
          renderItem={(offer) => <OfferCard offer={offer} onSell={setSelling} />}
        />
      ) : (
        <EndlessList
          label={t`Merchants`}
          list={merchants}
          empty={<Trans>No merchants yet.</Trans>}
          itemKey={(merchant) => merchant.id}
          renderItem={(merchant) => <MerchantCard merchant={merchant} onSell={setSelling} />}
        />
      )}
      {selling ? (
        <SellSheet
          offer={selling}
          onClose={() => setSelling(undefined)}
          onOfferChanged={(offer) => {
            setSelling(offer);
            offers.refresh();
            merchants.refresh();
          }}
        />
      ) : null}
    </>
  );
}
