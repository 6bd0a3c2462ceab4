import type { ReactNode } from 'react';
import { ErrorState, Skeleton } from './states';

export interface Stat {
  label: string;
  /** What to show; undefined while the figures load. */
  value: ReactNode | undefined;
}

/**
 * Labelled figures in a two-column grid: a placeholder per figure while they load, and the error
 * with a retry instead of the grid when the read failed and nothing is known.
 */
export function StatGrid({
  label,
  stats,
  failed,
  onRetry,
}: {
  label: string;
  stats: Stat[];
  failed: boolean;
  onRetry: () => void;
}) {
  if (failed) return <ErrorState onRetry={onRetry} />;
  return (
    <dl className="stat-grid" aria-label={label}>
      {stats.map((stat) => (
        <div key={stat.label}>
          <dt>{stat.label}</dt>
          <dd aria-busy={stat.value === undefined ? true : undefined}>
            {stat.value === undefined ? <Skeleton /> : stat.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
