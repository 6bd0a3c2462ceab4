import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { CustomerSummary } from '../../../contract/console';
import { useCustomerSearch } from '../../api/reads';
import { DataTable } from '../../ui/data-table';
import { ErrorNote } from '../../ui/failure';
import { Field } from '../../../web-kit/ui/field';
import { Empty, LoadFailed, Loading } from '../../ui/states';
import { Usdt } from '../../ui/values';
import { CustomerStatusBadge } from '../../ui/labels';
import { useTitle } from '../../lib/use-title';

/** The query lives in the address, so Back returns to the results. */
function searchHref(query: string): string {
  const trimmed = query.trim();
  return trimmed ? `/customers?${new URLSearchParams({ q: trimmed }).toString()}` : '/customers';
}

function SearchForm({ applied }: { applied: string }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [draft, setDraft] = useState(applied);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(searchHref(draft));
  };
  return (
    <form className="filters filters-single" role="search" aria-label={t`Find a customer`} onSubmit={submit}>
      <Field
        label={t`Search customers`}
        name="query"
        type="search"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={254}
        hint={t`The start of an account name or an e-mail address`}
        value={draft}
        onChange={setDraft}
      />
      <div className="filters-actions">
        <button type="submit" className="button button-primary">
          {t`Search`}
        </button>
      </div>
    </form>
  );
}

function ResultsTable({ customers }: { customers: readonly CustomerSummary[] }) {
  const { t } = useLingui();
  return (
    <DataTable
      rows={customers}
      rowKey={(customer) => customer.id}
      columns={[
        {
          header: t`Account`,
          className: 'code',
          cell: (customer) => <Link href={`/customer?id=${customer.id}`}>{customer.account}</Link>,
        },
        { header: t`E-mail address`, cell: (customer) => customer.email || '—' },
        { header: t`Balance`, figure: true, cell: (customer) => <Usdt value={customer.balance} /> },
        { header: t`Account status`, cell: (customer) => <CustomerStatusBadge status={customer.status} /> },
        { header: t`VIP level`, figure: true, cell: (customer) => customer.vip },
      ]}
    />
  );
}

/** Find a customer by the start of their account name or e-mail address. */
export function CustomersPage() {
  const { t } = useLingui();
  useTitle(t`Customers`);
  const search = useSearch();
  const query = new URLSearchParams(search).get('q')?.trim() ?? '';
  const { data, error, isLoading, mutate } = useCustomerSearch(query);
  return (
    <>
      <h1>
        <Trans>Customers</Trans>
      </h1>
      <SearchForm key={query} applied={query} />
      {!query ? (
        <p className="muted">
          <Trans>Type the start of an account name or e-mail address, then search.</Trans>
        </p>
      ) : null}
      {query && !data && isLoading ? (
        <Loading>
          <Trans>Searching…</Trans>
        </Loading>
      ) : null}
      {query && !data && error ? <LoadFailed error={error} onRetry={() => void mutate()} /> : null}
      {query && data && error ? <ErrorNote error={error} /> : null}
      {query && data?.customers.length === 0 ? (
        <Empty>
          <Trans>No customer's account or e-mail address starts with “{query}”.</Trans>
        </Empty>
      ) : null}
      {query && data && data.customers.length > 0 ? <ResultsTable customers={data.customers} /> : null}
    </>
  );
}
