import { Trans, useLingui } from '@lingui/react/macro';
import type { OfferInfo } from '../../../contract/console';
import { compareMoney, parseWireMoney } from '../../../contract/money';
import { call } from '../../api/client';
import { useEditedList, useList, useOfferPages } from '../../api/reads';
import { Badge } from '../../ui/badge';
import { BusyButton } from '../../ui/busy-button';
import { ErrorNote } from '../../ui/failure';
import { MerchantAvatar } from '../../ui/merchant-avatar';
import { MoreOrEnd, usePages } from '../../ui/more';
import { Fiat, Usdt } from '../../ui/values';
import { useAction } from '../../lib/use-action';
import { AdminPage } from '../../state/operator';
import { ListEditor } from '../../ui/list-editor';

/** `onSaved` reads the offers again: they show their merchant's name. */
function MerchantsSection({ onSaved }: { onSaved: () => void }) {
  const { t } = useLingui();
  const { read, reread } = useEditedList('hall/merchants');
  return (
    <ListEditor
      title={t`Merchants`}
      addLabel={t`Add merchant`}
      read={read}
      loading={t`Loading the merchants…`}
      empty={t`No merchants yet.`}
      rows={(read) => read.merchants}
      rowKey={(merchant) => merchant.id}
      columns={[
        {
          header: t`Merchant`,
          cell: (merchant) => (
            <span className="merchant-cell">
              <MerchantAvatar name={merchant.name} avatar={merchant.avatar} />
              {merchant.name}
            </span>
          ),
        },
        { header: t`Completion rate`, figure: true, cell: (merchant) => t`${merchant.completion_rate} %` },
        { header: t`Orders`, figure: true, cell: (merchant) => merchant.orders_count },
      ]}
      editable
      editor={{
        title: (merchant) => (merchant ? t`Edit merchant ${merchant.name}` : t`New merchant`),
        fields: () => [
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
        ],
        initial: (merchant) => ({
          name: merchant?.name ?? '',
          completion_rate: merchant?.completion_rate ?? '',
          avatar: merchant?.avatar ?? '',
        }),
        save: (values, merchant) => call('hall/merchant-save', { id: merchant ? String(merchant.id) : '', ...values }),
        onSaved: () => {
          reread();
          onSaved();
        },
      }}
    />
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

/** The offers, newest first, a page at a time. */
function OffersSection({ read }: { read: ReturnType<typeof useOfferPages> }) {
  const { t } = useLingui();
  const pages = usePages(read);
  const offers = read.data ? pages.pages.flatMap((page) => page.offers) : undefined;
  const reread = () => void read.mutate();
  const merchants = useList('hall/merchants').data?.merchants ?? [];
  return (
    <ListEditor
      title={t`Offers`}
      addLabel={t`Add offer`}
      addDisabled={merchants.length === 0}
      read={{ data: offers, error: offers ? undefined : read.error, retry: reread }}
      loading={t`Loading the offers…`}
      empty={t`No offers yet.`}
      rows={(shown) => shown}
      rowKey={(offer) => offer.id}
      columns={[
        { header: t`Offer`, className: 'code', cell: (offer) => offer.order_no },
        { header: t`Merchant`, cell: (offer) => offer.merchant_name },
        {
          header: t`Unit price`,
          figure: true,
          cell: (offer) => <Fiat value={offer.unit_price} currency={offer.currency} />,
        },
        { header: t`Quantity`, figure: true, cell: (offer) => <Usdt value={offer.quantity} /> },
        { header: t`Remaining`, figure: true, cell: (offer) => <Usdt value={offer.remaining} /> },
        {
          header: t`Limits per sale`,
          figure: true,
          className: 'cell-wrap',
          cell: (offer) => t`${offer.min_number} to ${offer.max_number} USDT`,
        },
        { header: t`In the hall`, cell: (offer) => <OfferStatus offer={offer} /> },
      ]}
      editable
      rowActions={(offer) => <PauseButton offer={offer} onChanged={reread} />}
      footer={<MoreOrEnd pages={pages} shown end={<Trans>End of the offers.</Trans>} />}
      editor={{
        title: (offer) => (offer ? t`Edit offer ${offer.order_no}` : t`New offer`),
        fields: () => [
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
        ],
        initial: (offer) => ({
          merchant_id: String(offer?.merchant_id ?? merchants[0]?.id ?? ''),
          unit_price: offer?.unit_price ?? '',
          currency: offer?.currency ?? '',
          quantity: offer?.quantity ?? '',
          min_number: offer?.min_number ?? '',
          max_number: offer?.max_number ?? '',
        }),
        save: (values, offer) => call('hall/offer-save', { id: offer ? String(offer.id) : '', ...values }),
        onSaved: reread,
      }}
    />
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
  return (
    <AdminPage title={t`Hall`}>
      <HallLists />
    </AdminPage>
  );
}
