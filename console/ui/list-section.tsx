import { useId, type ReactNode } from 'react';
import { ErrorNote } from './failure';
import { Empty, LoadFailed, Loading } from './states';

interface Props<T> {
  title: string;
  /** The "Add …" button beside the heading. */
  action?: ReactNode;
  /** The add or edit form, when open. */
  editor?: ReactNode;
  read: { data: T | undefined; error: unknown; retry: () => void };
  loading: string;
  empty: string;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/** One list an administrator keeps: its heading and add button, its form, and the read's states. */
export function ListSection<T>({ title, action, editor, read, loading, empty, isEmpty, children }: Props<T>) {
  const headingId = useId();
  const { data, error, retry } = read;
  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <div className="section-head">
        <h2 id={headingId}>{title}</h2>
        {action}
      </div>
      {editor}
      {data && error ? <ErrorNote error={error} /> : null}
      {data ? (
        isEmpty(data) ? (
          <Empty>{empty}</Empty>
        ) : (
          children(data)
        )
      ) : error ? (
        <LoadFailed error={error} onRetry={retry} />
      ) : (
        <Loading>{loading}</Loading>
      )}
    </section>
  );
}
