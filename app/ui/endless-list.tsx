import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, type ReactNode } from 'react';
import { ErrorState, Spinner } from './states';

/**
 * A list that loads its next page when its end scrolls into view, with loading, empty, error and
 * end-of-list states.
 */
export function EndlessList<T>({
  items,
  total,
  isLoading,
  isLoadingMore,
  hasMore,
  error,
  onLoadMore,
  onRetry,
  empty,
  label,
  renderItem,
  itemKey,
}: {
  items: readonly T[];
  total: number;
  isLoading: boolean;
  isLoadingMore: boolean;
  hasMore: boolean;
  error: Error | undefined;
  onLoadMore: () => void;
  onRetry: () => void;
  empty: ReactNode;
  label: string;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string | number;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onLoadMore();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, onLoadMore, items.length]);

  if (isLoading && items.length === 0) return <Spinner label={label} />;
  if (error && items.length === 0) return <ErrorState onRetry={onRetry} />;
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
          <button type="button" className="button secondary small-button" onClick={onLoadMore}>
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
