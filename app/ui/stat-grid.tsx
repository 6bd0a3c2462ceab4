import type { MoneyString } from '../../contract/responses';
import { Money } from './money';

/** Labelled money figures in a two-column grid; placeholders while they load. */
export function StatGrid({
  label,
  stats,
}: {
  label: string;
  stats: { label: string; value: MoneyString | undefined }[];
}) {
  return (
    <dl className="stat-grid" aria-label={label}>
      {stats.map((stat) => (
        <div key={stat.label}>
          <dt>{stat.label}</dt>
          <dd>{stat.value === undefined ? '—' : <Money value={stat.value} />}</dd>
        </div>
      ))}
    </dl>
  );
}
