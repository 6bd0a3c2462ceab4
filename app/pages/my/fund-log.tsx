import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { AssetLogEntry } from '../../../contract/responses';
import type { LedgerKind } from '../../../contract/rules';
import { useFundLog, useFundLogTotals, type LogFilter } from '../../api/assets';
import { formatDateTime } from '../../../web-kit/lib/format';
import { EndlessList } from '../../ui/endless-list';
import { Money } from '../../ui/money';
import { StatGrid } from '../../ui/stat-grid';
import { Tabs } from '../../ui/tabs';

function useKindName(): (kind: LedgerKind) => string {
  const { t } = useLingui();
  const names: Record<LedgerKind, string> = {
    recharge: t`Recharge`,
    sale: t`Sale to a merchant`,
    sale_refund: t`Sale refunded`,
    lixibao_buy: t`Into the interest wallet`,
    lixibao_return: t`Back from the interest wallet`,
    interest: t`Interest`,
    withdraw: t`Withdrawal`,
    withdraw_refund: t`Withdrawal refunded`,
    adjust: t`Adjustment`,
  };
  return (kind) => names[kind];
}

function Entry({ entry }: { entry: AssetLogEntry }) {
  const { t, i18n } = useLingui();
  const kindName = useKindName();
  const incoming = !entry.amount.startsWith('-');
  return (
    <article className="list-item">
      <p>
        <strong>{kindName(entry.kind)}</strong>
      </p>
      <p className={`end figure ${incoming ? 'amount-in' : 'amount-out'}`}>
        {incoming ? '+' : ''}
        <Money value={entry.amount} />
      </p>
      <p className="muted small">{formatDateTime(entry.created_at, i18n.locale)}</p>
      <p className="muted small end">
        <Trans>
          Balance <Money value={entry.balance} />
        </Trans>{' '}
        · <span className="state-label state-success">{t`Paid`}</span>
      </p>
      {entry.remark ? <p className="muted small">{entry.remark}</p> : null}
    </article>
  );
}

export default function FundLogPage() {
  const { t } = useLingui();
  const [filter, setFilter] = useState<LogFilter>('');
  const { data: totals, error: totalsError, mutate: retryTotals } = useFundLogTotals();
  const log = useFundLog(filter);
  return (
    <>
      <StatGrid
        label={t`Totals`}
        failed={totalsError !== undefined && !totals}
        onRetry={() => void retryTotals()}
        stats={[
          { label: t`Balance`, value: totals && <Money value={totals.balance} /> },
          { label: t`Business USDT`, value: totals && <Money value={totals.business_usdt} /> },
          { label: t`Income`, value: totals && <Money value={totals.income} /> },
          { label: t`Expenses`, value: totals && <Money value={totals.expenses} /> },
        ]}
      />
      <Tabs
        label={t`Show`}
        options={[
          { value: '', label: t`All` },
          { value: 'income', label: t`Income` },
          { value: 'expense', label: t`Expenses` },
        ]}
        value={filter}
        onChange={setFilter}
      />
      <EndlessList
        label={t`Fund log`}
        list={log}
        empty={<Trans>No movements yet.</Trans>}
        itemKey={(entry) => entry.id}
        renderItem={(entry) => <Entry entry={entry} />}
      />
    </>
  );
}
