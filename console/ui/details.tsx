import type { ReactNode } from 'react';

export interface DetailRow {
  term: string;
  value: ReactNode;
  /** Figures and codes: aligned digits, a monospace address. */
  kind?: 'figure' | 'code';
}

/** Facts about one thing as term/value pairs: a description list, read as such. */
export function Details({ rows }: { rows: readonly (DetailRow | false | null)[] }) {
  return (
    <dl className="details">
      {rows
        .filter((row): row is DetailRow => Boolean(row))
        .map((row) => (
          <div key={row.term} className="detail">
            <dt>{row.term}</dt>
            <dd className={row.kind ? `detail-${row.kind}` : undefined}>{row.value}</dd>
          </div>
        ))}
    </dl>
  );
}
