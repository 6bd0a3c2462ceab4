import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { AuditItem } from '../../contract/console';
import { useAuditLog, type AuditFilters } from '../api/reads';
import { Field } from '../../web-kit/ui/field';
import { DataTable } from '../ui/data-table';
import { MoreOrEnd, usePages } from '../ui/more';
import { Empty, LoadFailed, Loading } from '../ui/states';
import { DateTime } from '../ui/values';
import { useTitle } from '../lib/use-title';

const FILTER_KEYS = ['operator', 'account', 'kind'] as const;

function readFilters(search: string): AuditFilters {
  const params = new URLSearchParams(search);
  return {
    operator: params.get('operator')?.trim() ?? '',
    account: params.get('account')?.trim() ?? '',
    kind: params.get('kind')?.trim() ?? '',
  };
}

/** The filters live in the address, so Back returns to them and a filtered view can be shared. */
function filterHref(filters: AuditFilters): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key].trim()) params.set(key, filters[key].trim());
  const query = params.toString();
  return query ? `/audit?${query}` : '/audit';
}

function FilterForm({ applied }: { applied: AuditFilters }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [draft, setDraft] = useState(applied);
  const set = (key: keyof AuditFilters) => (value: string) => setDraft((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(filterHref(draft));
  };
  const filtered = FILTER_KEYS.some((key) => applied[key]);
  return (
    <form className="filters" role="search" aria-label={t`Filter the audit log`} onSubmit={submit}>
      <Field
        label={t`Operator`}
        name="operator"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={40}
        value={draft.operator}
        onChange={set('operator')}
      />
      <Field
        label={t`Customer account`}
        name="account"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={40}
        value={draft.account}
        onChange={set('account')}
      />
      <Field
        label={t`Kind`}
        name="kind"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={40}
        hint={t`An action or a target, e.g. withdraw`}
        value={draft.kind}
        onChange={set('kind')}
      />
      <div className="filters-actions">
        <button type="submit" className="button button-primary">
          {t`Filter`}
        </button>
        {filtered ? (
          <Link href="/audit" className="button button-quiet">
            {t`Clear filters`}
          </Link>
        ) : null}
      </div>
    </form>
  );
}

function Change({ item }: { item: AuditItem }) {
  if (!item.before && !item.after) return <span className="muted">—</span>;
  return (
    <span className="change">
      <span className="code">{item.before || '—'}</span> <span aria-hidden="true">→</span>
      <span className="visually-hidden">
        <Trans>became</Trans>
      </span>{' '}
      <span className="code">{item.after || '—'}</span>
    </span>
  );
}

function AuditTable({ items }: { items: readonly AuditItem[] }) {
  const { t } = useLingui();
  return (
    <DataTable
      className="table-audit"
      rows={items}
      rowKey={(item) => item.id}
      columns={[
        { header: t`Time`, cell: (item) => <DateTime iso={item.created_at} layout="stacked" /> },
        { header: t`Operator`, className: 'code', cell: (item) => item.actor },
        { header: t`Action`, className: 'code', cell: (item) => item.action },
        {
          header: t`Target`,
          className: 'code nowrap',
          cell: (item) => (item.target_id === null ? item.target_type : `${item.target_type} #${item.target_id}`),
        },
        { header: t`Customer account`, className: 'code', cell: (item) => item.account ?? '—' },
        { header: t`Before → after`, cell: (item) => <Change item={item} /> },
        { header: t`Detail`, className: 'cell-detail', cell: (item) => item.detail },
      ]}
    />
  );
}

/** Every operator action, newest first, filtered by operator, customer and kind, page by page. */
export function AuditPage() {
  const { t } = useLingui();
  useTitle(t`Audit log`);
  const search = useSearch();
  const filters = readFilters(search);
  const read = useAuditLog(filters);
  const pages = usePages(read);
  const items = pages.pages.flatMap((page) => page.items);

  return (
    <>
      <h1>
        <Trans>Audit log</Trans>
      </h1>
      <FilterForm key={search} applied={filters} />
      {pages.pages.length === 0 && read.isLoading ? (
        <Loading>
          <Trans>Loading the audit log…</Trans>
        </Loading>
      ) : null}
      {pages.pages.length === 0 && read.error ? (
        <LoadFailed error={read.error} onRetry={() => void read.mutate()} />
      ) : null}
      {read.data && items.length === 0 ? (
        <Empty>
          <Trans>No audit entries match.</Trans>
        </Empty>
      ) : null}
      {items.length > 0 ? <AuditTable items={items} /> : null}
      <MoreOrEnd pages={pages} shown={items.length > 0} end={<Trans>End of the log.</Trans>} />
    </>
  );
}
