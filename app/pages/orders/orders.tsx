import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';
import type { SaleOrder } from '../../../contract/responses';
import type { SaleOrderState } from '../../../contract/rules';
import { useSaleOrders } from '../../api/selling';
import { formatDateTime } from '../../../web-kit/lib/format';
import { PATHS } from '../../lib/paths';
import { EndlessList } from '../../ui/endless-list';
import { Fiat, Money } from '../../ui/money';
import { SaleStateLabel } from '../../ui/sale-state-label';
import { Tabs } from '../../ui/tabs';

function OrderCard({ order }: { order: SaleOrder }) {
  const { t, i18n } = useLingui();
  return (
    <article className="list-item" aria-label={t`Order ${order.order_no}`}>
      <p className="small">{order.order_no}</p>
      <p className="end">
        <SaleStateLabel state={order.state} />
      </p>
      <p>
        <Trans>
          Quantity for sale{' '}
          <strong>
            <Money value={order.number} /> USDT
          </strong>
        </Trans>
      </p>
      <p className="end">
        <strong>
          <Fiat value={order.amount} currency={order.currency} />
        </strong>
      </p>
      <p className="muted small">
        <Trans>
          Unit price <Fiat value={order.unit_price} currency={order.currency} />
        </Trans>{' '}
        · {order.merchant_name}
      </p>
      <p className="muted small end">
        {order.matching_time ? (
          <Trans>Matched {formatDateTime(order.matching_time, i18n.locale)}</Trans>
        ) : (
          formatDateTime(order.created_at, i18n.locale)
        )}
      </p>
    </article>
  );
}

export default function OrdersPage() {
  const { t } = useLingui();
  const [state, setState] = useState<SaleOrderState | ''>('');
  const orders = useSaleOrders(state);
  return (
    <>
      <Tabs
        label={t`Order state`}
        options={[
          { value: '', label: t`All` },
          { value: 'audit', label: t`In audit` },
          { value: 'completion', label: t`Completed` },
          { value: 'reject', label: t`Rejected` },
        ]}
        value={state}
        onChange={setState}
      />
      <EndlessList
        label={t`My orders`}
        list={orders}
        empty={
          state === '' ? (
            <>
              <Trans>No orders yet. Sell USDT to a merchant in the Hall.</Trans>
              <Link href={PATHS.hall} className="button small-button state-action">
                <Trans>Go to the Hall</Trans>
              </Link>
            </>
          ) : (
            <Trans>No orders in this state.</Trans>
          )
        }
        itemKey={(order) => order.id}
        renderItem={(order) => <OrderCard order={order} />}
      />
    </>
  );
}
