import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'wouter';
import type { CustomerSummary } from '../../../contract/console';
import { Details } from '../../ui/details';
import { DateTime, Usdt } from '../../ui/values';
import { CustomerStatusBadge } from '../../ui/labels';

/** Who the order is from: enough to judge it without opening anything else. */
export function CustomerPanel({ customer }: { customer: CustomerSummary }) {
  const { t } = useLingui();
  const headingId = useId();
  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{t`Customer`}</h2>
      <Details
        rows={[
          {
            term: t`Account`,
            value: <Link href={`/customer?id=${customer.id}`}>{customer.account}</Link>,
            kind: 'code',
          },
          { term: t`Customer number`, value: customer.id, kind: 'figure' },
          { term: t`E-mail address`, value: customer.email || '—' },
          { term: t`VIP level`, value: customer.vip, kind: 'figure' },
          {
            term: t`Account status`,
            value: <CustomerStatusBadge status={customer.status} />,
          },
          { term: t`Balance`, value: <Usdt value={customer.balance} />, kind: 'figure' },
          { term: t`Frozen`, value: <Usdt value={customer.frozen} />, kind: 'figure' },
          { term: t`Customer since`, value: <DateTime iso={customer.created_at} /> },
        ]}
      />
    </section>
  );
}
