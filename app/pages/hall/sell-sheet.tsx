import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { formatMoney, minMoney, multiplyByPrice, parseWireMoney } from '../../../contract/money';
import type { Offer } from '../../../contract/responses';
import { sellToMerchant } from '../../api/selling';
import { useMoneyInfo } from '../../api/userinfo';
import { navigate } from '../../../web-kit/lib/hash-location';
import { showToast } from '../../state/toast';
import { BottomSheet } from '../../ui/bottom-sheet';
import { Form } from '../../ui/form';
import { Fiat, Money } from '../../ui/money';
import { AmountField, AmountSheetButtons, SheetBalance, useAmountEntry } from '../shared/amount-entry';
import { PATHS } from '../../lib/paths';

/** The price the customer was shown before the server said it had changed. */
type EarlierPrice = Pick<Offer, 'unit_price' | 'currency'>;

/**
 * Selling to one offer: a quantity within the offer's limits (its `max_number` already counts
 * what is left) and the balance; the fiat amount previewed exactly as the server will compute it
 * (integer cents, half up). The sale carries the price shown; when the offer's has changed, the
 * sheet stays open with the new one (`onOfferChanged`) and the customer confirms again.
 */
export function SellSheet({
  offer,
  onClose,
  onOfferChanged,
}: {
  offer: Offer;
  onClose: () => void;
  onOfferChanged: (offer: Offer) => void;
}) {
  const { t } = useLingui();
  const { data: money } = useMoneyInfo();
  const [earlierPrice, setEarlierPrice] = useState<EarlierPrice>();
  const max = money
    ? formatMoney(minMoney(parseWireMoney(offer.max_number), parseWireMoney(money.balance)))
    : offer.max_number;
  const entry = useAmountEntry({
    limits: {
      min: offer.min_number,
      max: offer.max_number,
      ...(money ? { available: money.balance } : {}),
    },
    emptyMessage: t`Please enter the quantity`,
    // A sale at another price is another submission.
    subject: [offer.id, offer.unit_price, offer.currency],
  });
  const preview =
    entry.typedCents === undefined
      ? undefined
      : formatMoney(multiplyByPrice(entry.typedCents, parseWireMoney(offer.unit_price)));

  const submit = () =>
    entry.submit(async (number, requestId) => {
      const outcome = await sellToMerchant({
        saleu_id: offer.id,
        unit_price: offer.unit_price,
        currency: offer.currency,
        number,
        request_id: requestId,
      });
      if (!outcome.placed) {
        setEarlierPrice({ unit_price: offer.unit_price, currency: offer.currency });
        onOfferChanged(outcome.offer);
        return;
      }
      showToast(t`Sale order placed`);
      onClose();
      navigate(PATHS.orders);
    });

  return (
    <BottomSheet title={t`Sell USDT to ${offer.merchant.name}`} onClose={onClose} testId="sell-sheet">
      <div className="sheet-body">
        <p className="row">
          <span className="muted">
            <Trans>Price</Trans>
          </span>
          <strong data-testid="sale-price">
            <Fiat value={offer.unit_price} currency={offer.currency} /> / USDT
          </strong>
        </p>
        {earlierPrice ? (
          <p className="notice" role="status">
            <Trans>
              The price changed from <Fiat value={earlierPrice.unit_price} currency={earlierPrice.currency} /> to{' '}
              <Fiat value={offer.unit_price} currency={offer.currency} /> per USDT. Check what you receive and confirm
              again.
            </Trans>
          </p>
        ) : null}
        <Form onSubmit={() => void submit()} focusRound={entry.focusRound}>
          <AmountField entry={entry} label={t`Quantity for sale (USDT)`} max={max} />
          <p className="field-hint">
            <Trans>
              Limits <Money value={offer.min_number} /> – <Money value={offer.max_number} /> USDT · left{' '}
              <Money value={offer.remaining} />
            </Trans>
          </p>
          <SheetBalance />
          <p className="row" aria-live="polite">
            <span className="muted">
              <Trans>You receive</Trans>
            </span>
            <strong data-testid="sale-preview">
              {preview ? <Fiat value={preview} currency={offer.currency} /> : '—'}
            </strong>
          </p>
          <p className="field-hint">
            <Trans>
              The USDT leaves your balance now; the merchant pays after review. A rejected order is refunded.
            </Trans>
          </p>
          <AmountSheetButtons entry={entry} confirmLabel={t`Confirm sale`} onCancel={onClose} />
        </Form>
      </div>
    </BottomSheet>
  );
}
