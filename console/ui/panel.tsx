import { useId, type ReactNode } from 'react';

/** A titled block of a page: a section named by its heading. */
export function Panel({ title, wide, children }: { title: string; wide?: boolean; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={wide ? 'panel panel-wide' : 'panel'} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}
