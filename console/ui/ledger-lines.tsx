import { useLingui } from '@lingui/react/macro';
import type { LedgerLine } from '../../contract/console';
import { DateTime, Usdt } from './values';
import { useLabels } from './labels';

/** Ledger lines as a table: when, what, how much, and the balance it left. */
export function LedgerLinesTable({ lines }: { lines: readonly LedgerLine[] }) {
  const { t } = useLingui();
  const labels = useLabels();
  return (
    <div className="table-frame">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t`Time`}</th>
            <th scope="col">{t`Entry`}</th>
            <th scope="col" className="cell-figure">
              {t`Amount`}
            </th>
            <th scope="col" className="cell-figure">
              {t`Balance after`}
            </th>
            <th scope="col">{t`Remark`}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id}>
              <td>
                <DateTime iso={line.created_at} layout="stacked" />
              </td>
              <td>{labels.ledgerKind(line.kind)}</td>
              <td className="cell-figure">
                <Usdt value={line.amount} />
              </td>
              <td className="cell-figure">
                <Usdt value={line.balance} />
              </td>
              <td>{line.remark}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
