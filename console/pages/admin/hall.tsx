import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { MerchantInfo, OfferInfo } from '../../../contract/console';
import { compareMoney, parseWireMoney } from '../../../contract/money';
import { call } from '../../api/client';
import { useList, useOfferPages, useRevalidate } from '../../api/reads';
import { Badge } from '../../ui/badge';
import { BusyButton } from '../../ui/busy-button';
import { ErrorNote } from '../../ui/failure';
import { MerchantAvatar } from '../../ui/merchant-avatar';
import { MoreOrEnd, usePages } from '../../ui/more';
import { Fiat, Usdt } from '../../ui/values';
import { useAction } from '../../lib/use-action';
import { useTitle } from '../../lib/use-title';
import { AdminOnly } from '../../state/operator';
import { ListSection } from '../../ui/list-section';
import { RecordForm } from '../../ui/record-form';

/** What is being edited: nothing, a new record, or an existing one. */
type Editing<T> = null | 'new' | T;

/** `onSaved` reads the offers again: they show their merchant's name. */
function MerchantsSection({ onSaved }: { onSaved: () => void }) {
  const { t } = useLingui();
  const { data, error, mutate } = useList('hall/merchants');
  const revalidate = useRevalidate();
  const [editing, setEditing] = useState<Editing<MerchantInfo>>(null);
  const current = editing === 'new' ? null : editing;
  return (
    <ListSection
      title={t`Merchants`}
      action={
        <button type="button" className="button" onClick={() => setEditing('new')}>
          {t`Add merchant`}
        </button>
      }
      editor={
        editing ? (
          <RecordForm
            key={current?.id ?? 'new'}
            title={current ? t`Edit merchant ${current.name}` : t`New merchant`}
            fields={[
              { name: 'name', label: t`Merchant's name`, maxLength: 80 },
              {
                name: 'completion_rate',
                label: t`Completion rate (%)`,
                hint: t`0 to 100, up to two decimals`,
                inputMode: 'decimal',
              },
              {
                name: 'avatar',
                label: t`Picture`,
                hint: t`A path on the image server (/avatars/name.png) or an https:// address; empty for the initial`,
                maxLength: 300,
                inputMode: 'url',
              },
            ]}
            initial={{
              name: current?.name ?? '',
              completion_rate: current?.completion_rate ?? '',
              avatar: current?.avatar ?? '',
            }}
            save={(values) => call('hall/merchant-save', { id: current ? String(current.id) : '', ...values })}
            onSaved={() => {
              setEditing(null);
              revalidate('hall/merchants');
              onSaved();
            }}
            onCancel={() => setEditing(null)}
          />
        ) : null
      }
      read={{ data, error, retry: () => void mutate() }}
      loading={t`Loading the merchants…`}
      empty={t`No merchants yet.`}
      isEmpty={(read) => read.merchants.length === 0}
    >
      {(read) => (
        <div className="table-frame">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t`Merchant`}</th>
                <th scope="col" className="cell-figure">
                  {t`Completion rate`}
                </th>
                <th scope="col" className="cell-figure">
                  {t`Orders`}
                </th>
                <th scope="col">{t`Actions`}</th>
              </tr>
            </thead>
            <tbody>
              {read.merchants.map((merchant) => (
                <tr key={merchant.id}>
                  <td>
                    <span className="merchant-cell">
                      <MerchantAvatar name={merchant.name} avatar={merchant.avatar} />
                      {merchant.name}
                    </span>
                  </td>
                  <td className="cell-figure">{t`${merchant.completion_rate} %`}</td>
                  <td className="cell-figure">{merchant.orders_count}</td>
                  <td>
                    <button type="button" className="button" onClick={() => setEditing(merchant)}>
                      {t`Edit`}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ListSection>
  );
}

/**
 * Whether customers see the offer: not while paused, nor once less is left than its smallest
 * sale (no sale can fill it, so the hall leaves it out).
 */
function OfferStatus({ offer }: { offer: OfferInfo }) {
  const { t } = useLingui();
  if (offer.paused) return <Badge tone="warning">{t`Paused`}</Badge>;
  if (compareMoney(parseWireMoney(offer.remaining), parseWireMoney(offer.min_number)) < 0) {
    return <Badge>{t`Sold out`}</Badge>;
  }
  return <Badge tone="good">{t`Listed`}</Badge>;
}

/** Takes an offer out of the hall, or puts it back. */
function PauseButton({ offer, onChanged }: { offer: OfferInfo; onChanged: () => void }) {
  const { t } = useLingui();
  const { busy, failure, run } = useAction();
  const toggle = async () => {
    if (await run(() => call('hall/offer-pause', { id: String(offer.id), paused: offer.paused ? 'false' : 'true' }))) {
      onChanged();
    }
  };
  return (
    <>
      <BusyButton busy={busy} onClick={() => void toggle()}>
        {offer.paused ? t`Resume` : t`Pause`}
      </BusyButton>
      <ErrorNote error={failure} />
    </>
  );
}

function OffersTable({
  offers,
  onEdit,
  onChanged,
}: {
  offers: readonly OfferInfo[];
  onEdit: (offer: OfferInfo) => void;
  onChanged: () => void;
}) {
  const { t } = useLingui();
  return (
    <div className="table-frame">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t`Offer`}</th>
            <th scope="col">{t`Merchant`}</th>
            <th scope="col" className="cell-figure">
              {t`Unit price`}
            </th>
            <th scope="col" className="cell-figure">
              {t`Quantity`}
            </th>
            <th scope="col" className="cell-figure">
              {t`Remaining`}
            </th>
            <th scope="col" className="cell-figure">
              {t`Limits per sale`}
            </th>
            <th scope="col">{t`In the hall`}</th>
            <th scope="col">{t`Actions`}</th>
          </tr>
        </thead>
        <tbody>
          {offers.map((offer) => (
            <tr key={offer.id}>
              <td className="code">{offer.order_no}</td>
              <td>{offer.merchant_name}</td>
              <td className="cell-figure">
                <Fiat value={offer.unit_price} currency={offer.currency} />
              </td>
              <td className="cell-figure">
                <Usdt value={offer.quantity} />
              </td>
              <td className="cell-figure">
                <Usdt value={offer.remaining} />
              </td>
              <td className="cell-figure cell-wrap">{t`${offer.min_number} to ${offer.max_number} USDT`}</td>
              <td>
                <OfferStatus offer={offer} />
              </td>
              <td>
                <div className="row-actions">
                  <button type="button" className="button" onClick={() => onEdit(offer)}>
                    {t`Edit`}
                  </button>
                  <PauseButton offer={offer} onChanged={onChanged} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The offers, newest first, a page at a time. */
function OffersSection({ read }: { read: ReturnType<typeof useOfferPages> }) {
  const { t } = useLingui();
  const pages = usePages(read);
  const offers = read.data ? pages.pages.flatMap((page) => page.offers) : undefined;
  const reread = () => void read.mutate();
  const merchants = useList('hall/merchants').data?.merchants ?? [];
  const [editing, setEditing] = useState<Editing<OfferInfo>>(null);
  const current = editing === 'new' ? null : editing;
  return (
    <ListSection
      title={t`Offers`}
      action={
        <button type="button" className="button" disabled={merchants.length === 0} onClick={() => setEditing('new')}>
          {t`Add offer`}
        </button>
      }
      editor={
        editing ? (
          <RecordForm
            key={current?.id ?? 'new'}
            title={current ? t`Edit offer ${current.order_no}` : t`New offer`}
            fields={[
              {
                name: 'merchant_id',
                label: t`Merchant`,
                options: merchants.map((merchant) => ({ value: String(merchant.id), label: merchant.name })),
              },
              { name: 'unit_price', label: t`Unit price`, inputMode: 'decimal' },
              { name: 'currency', label: t`Currency`, hint: t`Three letters, e.g. EUR`, maxLength: 3 },
              { name: 'quantity', label: t`Quantity (USDT)`, inputMode: 'decimal' },
              { name: 'min_number', label: t`Smallest sale (USDT)`, inputMode: 'decimal' },
              { name: 'max_number', label: t`Largest sale (USDT)`, inputMode: 'decimal' },
            ]}
            initial={{
              merchant_id: String(current?.merchant_id ?? merchants[0]?.id ?? ''),
              unit_price: current?.unit_price ?? '',
              currency: current?.currency ?? '',
              quantity: current?.quantity ?? '',
              min_number: current?.min_number ?? '',
              max_number: current?.max_number ?? '',
            }}
            save={(values) => call('hall/offer-save', { id: current ? String(current.id) : '', ...values })}
            onSaved={() => {
              setEditing(null);
              reread();
            }}
            onCancel={() => setEditing(null)}
          />
        ) : null
      }
      read={{ data: offers, error: offers ? undefined : read.error, retry: reread }}
      loading={t`Loading the offers…`}
      empty={t`No offers yet.`}
      isEmpty={(shown) => shown.length === 0}
    >
      {(shown) => (
        <>
          <OffersTable offers={shown} onEdit={setEditing} onChanged={reread} />
          <MoreOrEnd pages={pages} shown end={<Trans>End of the offers.</Trans>} />
        </>
      )}
    </ListSection>
  );
}

function HallLists() {
  const offers = useOfferPages();
  return (
    <div className="admin-page">
      <MerchantsSection onSaved={() => void offers.mutate()} />
      <OffersSection read={offers} />
    </div>
  );
}

/** The hall customers sell into: the merchants, and their offers with price, stock and limits. */
export function HallPage() {
  const { t } = useLingui();
  useTitle(t`Hall`);
  return (
    <>
      <h1>
        <Trans>Hall</Trans>
      </h1>
      <AdminOnly>
        <HallLists />
      </AdminOnly>
    </>
  );
}
