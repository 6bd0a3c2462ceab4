import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, type ReactNode } from 'react';
import { ErrorState, Spinner } from './states';

/** The pages of a list read so far, and how to get more (what `usePagedCall` gives). */
export interface PagedList<T> {
  items: readonly T[];
  total: number;
  isLoading: boolean;
  isLoadingMore: boolean;
  hasMore: boolean;
  error: Error | undefined;
  loadMore: () => void;
  refresh: () => void;
}

/**
 * A list that loads its next page when its end scrolls into view, with loading, empty, error and
 * end-of-list states.
 */
export function EndlessList<T>({
  list,
  empty,
  label,
  renderItem,
  itemKey,
}: {
  list: PagedList<T>;
  empty: ReactNode;
  label: string;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string | number;
}) {
  const { items, total, isLoading, isLoadingMore, hasMore, error, loadMore, refresh } = list;
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadMore();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loadMore, items.length]);

  if (isLoading && items.length === 0) return <Spinner label={label} />;
  if (error && items.length === 0) return <ErrorState onRetry={refresh} />;
  if (items.length === 0) return <p className="state">{empty}</p>;
  return (
    <>
      <ul className="list" aria-label={label}>
        {items.map((item) => (
          <li key={itemKey(item)}>{renderItem(item)}</li>
        ))}
      </ul>
      <div ref={sentinel} className="list-end">
        {isLoadingMore ? (
          <Spinner label={label} />
        ) : hasMore ? (
          <button type="button" className="button secondary small-button" onClick={loadMore}>
            <Trans>Load more</Trans>
          </button>
        ) : (
          <p className="muted small">
            <Trans>That is everything ({total}).</Trans>
          </p>
        )}
      </div>
    </>
  );
}
