import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { addMoney, formatMoney, minMoney, parseRate, parseWireMoney, simpleInterest } from '../../../contract/money';
import type { InterestOrder, InterestProduct } from '../../../contract/responses';
import { useMoneyInfo } from '../../api/userinfo';
import { buyProduct, useHoldings, useProducts } from '../../api/interest-wallet';
import { formatAmount, formatDateTime } from '../../../web-kit/lib/format';
import { showToast } from '../../state/toast';
import { BottomSheet } from '../../ui/bottom-sheet';
import { EndlessList } from '../../ui/endless-list';
import { Form } from '../../ui/form';
import { Money } from '../../ui/money';
import { ErrorState, Spinner } from '../../ui/states';
import { StatGrid } from '../../ui/stat-grid';
import { AmountField, AmountSheetButtons, SheetBalance, useAmountEntry } from '../shared/amount-entry';

const DAY_MS = 24 * 3600 * 1000;

function DepositSheet({ product, onClose }: { product: InterestProduct; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const { data: money } = useMoneyInfo();
  const entry = useAmountEntry({
    limits: { min: product.min_amount, max: product.max_amount, ...(money ? { available: money.balance } : {}) },
    emptyMessage: t`Please enter the amount to deposit`,
    subject: product.id,
  });
  const rate = parseRate(product.rate) ?? 0;
  const principal = entry.typedCents;
  const interest = principal === undefined ? undefined : simpleInterest(principal, rate, product.days);
  // Held when the sheet opens: the term starts when the deposit is confirmed, moments later.
  const [openedAt] = useState(() => Date.now());
  const maturity = new Date(openedAt + product.days * DAY_MS).toISOString();
  const max = formatMoney(
    money
      ? minMoney(parseWireMoney(product.max_amount), parseWireMoney(money.balance))
      : parseWireMoney(product.max_amount),
  );

  const submit = () =>
    entry.submit(async (number, requestId) => {
      await buyProduct({ lixibao_id: product.id, number, request_id: requestId });
      showToast(t`Deposited into the interest wallet`);
      onClose();
    });

  return (
    <BottomSheet title={t`Deposit into ${product.name}`} onClose={onClose} testId="deposit-sheet">
      <div className="sheet-body">
        <p className="row">
          <span className="muted">{t`Rate and term`}</span>
          <strong>{t`${formatAmount(product.rate, i18n.locale)}% a year · ${product.days} days`}</strong>
        </p>
        <Form onSubmit={() => void submit()} focusRound={entry.focusRound}>
          <AmountField entry={entry} label={t`Amount to deposit (USDT)`} max={max} />
          <p className="field-hint">
            <Trans>
              Limits <Money value={product.min_amount} /> – <Money value={product.max_amount} /> USDT
            </Trans>
          </p>
          <SheetBalance />
          <dl className="facts" aria-live="polite">
            <dt>{t`Expected interest`}</dt>
            <dd data-testid="interest-preview">
              {interest === undefined ? '—' : <Money value={formatMoney(interest)} />}
            </dd>
            <dt>{t`Paid back`}</dt>
            <dd>
              {interest === undefined || principal === undefined ? (
                '—'
              ) : (
                <Money value={formatMoney(addMoney(principal, interest))} />
              )}
            </dd>
            <dt>{t`On`}</dt>
            <dd>{formatDateTime(maturity, i18n.locale)}</dd>
          </dl>
          <p className="field-hint">
            <Trans>
              Simple interest, rounded down to the cent. The amount leaves your balance now and comes back with the
              interest when the term ends; it cannot be taken out earlier.
            </Trans>
          </p>
          <AmountSheetButtons entry={entry} confirmLabel={t`Confirm deposit`} onCancel={onClose} />
        </Form>
      </div>
    </BottomSheet>
  );
}

function Holding({ order }: { order: InterestOrder }) {
  const { t, i18n } = useLingui();
  return (
    <article className="list-item" aria-label={order.name}>
      <p>
        <strong>{order.name}</strong>
      </p>
      <p className="end">
        <span className={`state-label ${order.state === 'holding' ? 'state-audit' : 'state-success'}`}>
          {order.state === 'holding' ? t`Holding` : t`Paid out`}
        </span>
      </p>
      <p className="small">
        <Trans>
          Principal <Money value={order.number} /> · interest <Money value={order.interest} />
        </Trans>
      </p>
      <p className="small end">
        <Trans>
          Payout <Money value={order.money} />
        </Trans>
      </p>
      <p className="muted small">{t`From ${formatDateTime(order.time, i18n.locale)}`}</p>
      <p className="muted small end">{t`Until ${formatDateTime(order.expiration, i18n.locale)}`}</p>
    </article>
  );
}

export default function InterestWalletPage() {
  const { t, i18n } = useLingui();
  const { data: money, error: moneyError, mutate: retryMoney } = useMoneyInfo();
  const { data: products, error, mutate } = useProducts();
  const holdings = useHoldings();
  const [chosen, setChosen] = useState<InterestProduct>();
  return (
    <>
      <StatGrid
        label={t`Interest wallet`}
        failed={moneyError !== undefined && !money}
        onRetry={() => void retryMoney()}
        stats={[
          { label: t`In the wallet`, value: money && <Money value={money.wallet} /> },
          { label: t`Available balance`, value: money && <Money value={money.balance} /> },
        ]}
      />
      <section aria-labelledby="products-title" className="choice-list">
        <h2 id="products-title" className="section-title">
          <Trans>Products</Trans>
        </h2>
        {error && !products ? (
          <ErrorState onRetry={() => void mutate()} />
        ) : !products ? (
          <Spinner label={t`Loading`} />
        ) : (
          products.list.map((product) => (
            <article key={product.id} className="list-item" aria-label={product.name}>
              <p>
                <strong>{product.name}</strong>
              </p>
              <p className="end offer-price">{t`${formatAmount(product.rate, i18n.locale)}%`}</p>
              <p className="muted small">
                <Trans>
                  {product.days} days · <Money value={product.min_amount} /> – <Money value={product.max_amount} /> USDT
                </Trans>
              </p>
              <p className="end">
                <button type="button" className="button small-button" onClick={() => setChosen(product)}>
                  {t`Deposit`}
                </button>
              </p>
            </article>
          ))
        )}
      </section>
      <h2 className="section-title">
        <Trans>My holdings</Trans>
      </h2>
      <EndlessList
        label={t`My holdings`}
        list={holdings}
        empty={<Trans>Nothing in the wallet yet. Choose a product to earn interest.</Trans>}
        itemKey={(order) => order.id}
        renderItem={(order) => <Holding order={order} />}
      />
      {chosen ? <DepositSheet product={chosen} onClose={() => setChosen(undefined)} /> : null}
    </>
  );
}
