import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearch } from 'wouter';
import type { CustomerDetail } from '../../../contract/console';
import { useCustomer } from '../../api/reads';
import { Details } from '../../ui/details';
import { ErrorNote } from '../../ui/failure';
import { Panel } from '../../ui/panel';
import { LoadFailed, Loading } from '../../ui/states';
import { DateTime, Usdt } from '../../ui/values';
import { CustomerStatusBadge } from '../../ui/labels';
import { useIsAdmin } from '../../state/operator';
import { useTitle } from '../../lib/use-title';
import { AccountStatusPanel, VipPanel } from './account-actions';
import { BindingsPanel } from './bindings';
import { LedgerPanel } from './ledger';
import { OrdersPanel } from './orders';
import { TeamPanel } from './team';

function ProfilePanel({ customer }: { customer: CustomerDetail['customer'] }) {
  const { t } = useLingui();
  return (
    <Panel title={t`Profile`}>
      <Details
        rows={[
          { term: t`Account`, value: customer.account, kind: 'code' },
          { term: t`Customer number`, value: customer.id, kind: 'figure' },
          { term: t`Nickname`, value: customer.nickname || '—' },
          { term: t`E-mail address`, value: customer.email || '—' },
          { term: t`Account status`, value: <CustomerStatusBadge status={customer.status} /> },
          { term: t`VIP level`, value: customer.vip, kind: 'figure' },
          { term: t`Balance`, value: <Usdt value={customer.balance} />, kind: 'figure' },
          { term: t`Frozen`, value: <Usdt value={customer.frozen} />, kind: 'figure' },
          { term: t`Invitation code`, value: customer.invite_code, kind: 'code' },
          { term: t`Invited by`, value: customer.inviter ?? '—', kind: 'code' },
          { term: t`Customer since`, value: <DateTime iso={customer.created_at} /> },
        ]}
      />
    </Panel>
  );
}

/** The customer's own address on each watched network: transfers to it are theirs. */
function DepositAddressesPanel({ addresses }: { addresses: CustomerDetail['deposit_addresses'] }) {
  const { t } = useLingui();
  return (
    <Panel title={t`Deposit addresses`}>
      <Details rows={addresses.map((row) => ({ term: row.type, value: row.address, kind: 'code' as const }))} />
    </Panel>
  );
}

function CustomerDetailView({ detail }: { detail: CustomerDetail }) {
  const admin = useIsAdmin();
  const { customer } = detail;
  return (
    <div className="customer">
      <div className="customer-side">
        <ProfilePanel customer={customer} />
        <AccountStatusPanel customer={customer} />
        {admin ? <VipPanel customer={customer} /> : null}
      </div>
      <div className="customer-main">
        <OrdersPanel orders={detail.orders} />
        <BindingsPanel customerId={customer.id} bindings={detail.bindings} />
        {detail.deposit_addresses.length > 0 ? <DepositAddressesPanel addresses={detail.deposit_addresses} /> : null}
        <TeamPanel team={detail.team} />
      </div>
      <LedgerPanel customerId={String(customer.id)} />
    </div>
  );
}

/** The customer's id from `?id=`: plain digits, as the server takes them, or null. */
function useCustomerId(): string | null {
  const id = new URLSearchParams(useSearch()).get('id');
  return id && /^[1-9]\d{0,15}$/.test(id) ? id : null;
}

/** Everything about one customer an operator may need, and what they may change. */
export function CustomerPage() {
  const { t } = useLingui();
  const id = useCustomerId();
  const { data, error, mutate } = useCustomer(id);
  const account = data?.customer.account;
  const title = account ? t`Customer ${account}` : t`Customer`;
  useTitle(title);
  return (
    <>
      <p className="back">
        <Link href="/customers">
          <span aria-hidden="true">← </span>
          <Trans>Back to the search</Trans>
        </Link>
      </p>
      <h1>{title}</h1>
      {!id ? (
        <p className="note note-error" role="alert">
          <Trans>This address names no customer. Find one with the search.</Trans>
        </p>
      ) : data ? (
        <>
          {error ? <ErrorNote error={error} /> : null}
          <CustomerDetailView detail={data} />
        </>
      ) : error ? (
        <LoadFailed error={error} onRetry={() => void mutate()} />
      ) : (
        <Loading>
          <Trans>Loading the customer…</Trans>
        </Loading>
      )}
    </>
  );
}
