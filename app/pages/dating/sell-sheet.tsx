import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { formatMoney, minMoney, multiplyByPrice, parseMoney, parseWireMoney } from '../../../contract/money';
import type { Offer } from '../../../contract/responses';
import { ApiFailure } from '../../api/client';
import { sellToMerchant } from '../../api/selling';
import { useMoneyInfo } from '../../api/userinfo';
import { navigate } from '../../lib/hash-location';
import { checkAmount } from '../../lib/money-input';
import { useRequestId } from '../../lib/request-id';
import { showToast } from '../../state/toast';
import { useAmountMessage } from '../../ui/amount-message';
import { BottomSheet } from '../../ui/bottom-sheet';
import { Field } from '../../ui/field';
import { Form } from '../../ui/form';
import { useGuard } from '../../ui/guarded-button';
import { Fiat, Money } from '../../ui/money';

/**
 * Selling to one offer: a quantity within the offer's limits, what is left of it and the balance;
 * the fiat amount previewed exactly as the server will compute it (integer cents, half up).
 */
export function SellSheet({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const { t } = useLingui();
  const amountMessage = useAmountMessage();
  const { data: money } = useMoneyInfo();
  const [quantity, setQuantity] = useState('');
  const [error, setError] = useState<string>();
  const [round, setRound] = useState(0);
  const [busy, run] = useGuard();
  const requestId = useRequestId([offer.id, quantity]);

  const ceiling = minMoney(parseWireMoney(offer.max_number), parseWireMoney(offer.remaining));
  const max = formatMoney(money ? minMoney(ceiling, parseWireMoney(money.balance)) : ceiling);
  const checked = checkAmount(quantity, {
    min: offer.min_number,
    max: formatMoney(ceiling),
    ...(money ? { available: money.balance } : {}),
  });
  // The preview follows whatever well-formed quantity is typed; the limits are checked on confirm.
  const typed = parseMoney(quantity.trim());
  const preview =
    typed === null || typed <= 0 ? undefined : formatMoney(multiplyByPrice(typed, parseWireMoney(offer.unit_price)));

  const submit = () =>
    run(async () => {
      if (checked.problem) {
        setError(
          amountMessage(checked.problem, {
            min: offer.min_number,
            max: formatMoney(ceiling),
            emptyMessage: t`Please enter the quantity`,
          }),
        );
        setRound((value) => value + 1);
        return;
      }
      setError(undefined);
      try {
        await sellToMerchant({ saleu_id: offer.id, number: quantity.trim(), request_id: requestId });
        showToast(t`Sale order placed`);
        onClose();
        navigate('/pages/orders/orders');
      } catch (failure) {
        if (failure instanceof ApiFailure && failure.field === 'number') {
          setError(failure.envelope.msg);
          setRound((value) => value + 1);
        }
      }
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
        <Form onSubmit={() => void submit()} errorCount={error ? round : 0}>
          <Field
            label={t`Quantity for sale (USDT)`}
            name="number"
            inputMode="decimal"
            autoComplete="off"
            value={quantity}
            onChange={setQuantity}
            error={error}
            addon={
              <button type="button" className="button secondary" onClick={() => setQuantity(max)}>
                {t`Max`}
              </button>
            }
          />
          <p className="field-hint">
            <Trans>
              Limits <Money value={offer.min_number} /> – <Money value={offer.max_number} /> USDT · left{' '}
              <Money value={offer.remaining} /> · your balance {money ? <Money value={money.balance} /> : '…'}
            </Trans>
          </p>
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
          <button type="submit" className="button block" disabled={busy} aria-busy={busy || undefined}>
            {t`Confirm sale`}
          </button>
          <button type="button" className="button secondary block" onClick={onClose}>
            {t`Cancel`}
          </button>
        </Form>
      </div>
    </BottomSheet>
  );
}
