import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { CustomerSummary } from '../../../contract/console';
import { useCustomerSearch } from '../../api/reads';
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
    <div className="table-frame">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t`Account`}</th>
            <th scope="col">{t`E-mail address`}</th>
            <th scope="col" className="cell-figure">
              {t`Balance`}
            </th>
            <th scope="col">{t`Account status`}</th>
            <th scope="col" className="cell-figure">
              {t`VIP level`}
            </th>
          </tr>
        </thead>
        <tbody>
          {customers.map((customer) => (
            <tr key={customer.id}>
              <td className="code">
                <Link href={`/customer?id=${customer.id}`}>{customer.account}</Link>
              </td>
              <td>{customer.email || '—'}</td>
              <td className="cell-figure">
                <Usdt value={customer.balance} />
              </td>
              <td>
                <CustomerStatusBadge status={customer.status} />
              </td>
              <td className="cell-figure">{customer.vip}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
