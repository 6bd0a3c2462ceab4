import { useLingui } from '@lingui/react/macro';
import type { LedgerLine } from '../../contract/console';
import { DataTable } from './data-table';
import { useLabels } from './labels';
import { DateTime, Usdt } from './values';

/** Ledger lines as a table: when, what, how much, and the balance it left. */
export function LedgerLinesTable({ lines }: { lines: readonly LedgerLine[] }) {
  const { t } = useLingui();
  const labels = useLabels();
  return (
    <DataTable
      rows={lines}
      rowKey={(line) => line.id}
      columns={[
        { header: t`Time`, cell: (line) => <DateTime iso={line.created_at} layout="stacked" /> },
        { header: t`Entry`, cell: (line) => labels.ledgerKind(line.kind) },
        { header: t`Amount`, figure: true, cell: (line) => <Usdt value={line.amount} /> },
        { header: t`Balance after`, figure: true, cell: (line) => <Usdt value={line.balance} /> },
        { header: t`Remark`, cell: (line) => line.remark },
      ]}
    />
  );
}
