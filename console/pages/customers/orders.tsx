import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { CustomerOrder } from '../../../contract/console';
import { Panel } from '../../ui/panel';
import { DataTable } from '../../ui/data-table';
import { DateTime, Usdt } from '../../ui/values';
import { StateBadge, useLabels } from '../../ui/labels';

/** The latest recharges, withdrawals and sales; one still in review opens its review. */
export function OrdersPanel({ orders }: { orders: readonly CustomerOrder[] }) {
  const { t } = useLingui();
  const labels = useLabels();
  return (
    <Panel title={t`Recent orders`}>
      <DataTable
        rows={orders}
        rowKey={(order) => `${order.kind}-${order.id}`}
        empty={<Trans>No orders yet.</Trans>}
        columns={[
          { header: t`Time`, cell: (order) => <DateTime iso={order.created_at} layout="stacked" /> },
          {
            header: t`Kind`,
            cell: (order) =>
              order.state === 'audit' ? (
                <Link href={`/review/${order.kind}?id=${order.id}`}>{t`${labels.kind(order.kind)} #${order.id}`}</Link>
              ) : (
                t`${labels.kind(order.kind)} #${order.id}`
              ),
          },
          { header: t`Amount`, figure: true, cell: (order) => <Usdt value={order.amount} /> },
          { header: t`State`, cell: (order) => <StateBadge state={order.state} /> },
          { header: t`Remark`, cell: (order) => order.remark },
        ]}
      />
    </Panel>
  );
}
