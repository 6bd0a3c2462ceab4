import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney, minMoney, multiplyByPrice, parseWireMoney } from '../../../contract/money';
import type { Offer } from '../../../contract/responses';
import { sellToMerchant } from '../../api/selling';
import { useMoneyInfo } from '../../api/userinfo';
import { navigate } from '../../lib/hash-location';
import { showToast } from '../../state/toast';
import { BottomSheet } from '../../ui/bottom-sheet';
import { Form } from '../../ui/form';
import { Fiat, Money } from '../../ui/money';
import { AmountField, AmountSheetButtons, SheetBalance, useAmountEntry } from '../shared/amount-entry';
import { PATHS } from '../../lib/paths';

/**
 * Selling to one offer: a quantity within the offer's limits, what is left of it and the balance;
 * the fiat amount previewed exactly as the server will compute it (integer cents, half up).
 */
export function SellSheet({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const { t } = useLingui();
  const { data: money } = useMoneyInfo();
  const ceiling = minMoney(parseWireMoney(offer.max_number), parseWireMoney(offer.remaining));
  const max = formatMoney(money ? minMoney(ceiling, parseWireMoney(money.balance)) : ceiling);
  const entry = useAmountEntry({
    limits: {
      min: offer.min_number,
      max: formatMoney(ceiling),
      ...(money ? { available: money.balance } : {}),
    },
    emptyMessage: t`Please enter the quantity`,
    subject: offer.id,
  });
  const preview =
    entry.typedCents === undefined
      ? undefined
      : formatMoney(multiplyByPrice(entry.typedCents, parseWireMoney(offer.unit_price)));

  const submit = () =>
    entry.submit(async (number, requestId) => {
      await sellToMerchant({
        saleu_id: offer.id,
        unit_price: offer.unit_price,
        currency: offer.currency,
        number,
        request_id: requestId,
      });
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
          <strong>
            <Fiat value={offer.unit_price} currency={offer.currency} /> / USDT
          </strong>
        </p>
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
