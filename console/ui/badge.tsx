import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'waiting' | 'good' | 'bad' | 'warning';

/** A short state word, coloured by what it means; the word itself carries the meaning. */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}
