import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { CustomerOrder } from '../../../contract/console';
import { Panel } from '../../ui/panel';
import { Empty } from '../../ui/states';
import { DateTime, Usdt } from '../../ui/values';
import { StateBadge, useLabels } from '../../ui/labels';

/** The latest recharges, withdrawals and sales; one still in review opens its review. */
export function OrdersPanel({ orders }: { orders: readonly CustomerOrder[] }) {
  const { t } = useLingui();
  const labels = useLabels();
  return (
    <Panel title={t`Recent orders`}>
      {orders.length === 0 ? (
        <Empty>
          <Trans>No orders yet.</Trans>
        </Empty>
      ) : (
        <div className="table-frame">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t`Time`}</th>
                <th scope="col">{t`Kind`}</th>
                <th scope="col" className="cell-figure">
                  {t`Amount`}
                </th>
                <th scope="col">{t`State`}</th>
                <th scope="col">{t`Remark`}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={`${order.kind}-${order.id}`}>
                  <td>
                    <DateTime iso={order.created_at} layout="stacked" />
                  </td>
                  <td>
                    {order.state === 'audit' ? (
                      <Link
                        href={`/review/${order.kind}?id=${order.id}`}
                      >{t`${labels.kind(order.kind)} #${order.id}`}</Link>
                    ) : (
                      t`${labels.kind(order.kind)} #${order.id}`
                    )}
                  </td>
                  <td className="cell-figure">
                    <Usdt value={order.amount} />
                  </td>
                  <td>
                    <StateBadge state={order.state} />
                  </td>
                  <td>{order.remark}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
