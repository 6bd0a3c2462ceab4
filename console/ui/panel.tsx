import { useId, type ReactNode } from 'react';

interface Props {
  title: string;
  wide?: boolean;
  /** 3 for a panel inside a section that has its own h2. */
  level?: 2 | 3;
  children: ReactNode;
}

/** A titled block of a page: a section named by its heading. */
export function Panel({ title, wide, level = 2, children }: Props) {
  const headingId = useId();
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <section className={wide ? 'panel panel-wide' : 'panel'} aria-labelledby={headingId}>
      <Heading id={headingId}>{title}</Heading>
      {children}
    </section>
  );
}
