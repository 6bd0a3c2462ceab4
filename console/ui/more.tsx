import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { SWRInfiniteResponse } from 'swr/infinite';
import { BusyButton } from './busy-button';
import { ErrorNote } from './failure';

export interface Pages<Page> {
  pages: Page[];
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  /** A read failed after some pages were shown: they stay, with the failure under them. */
  failedAfter: unknown;
}

/** Where a list read page after page stands, and the way to its next page. */
export function usePages<Page extends { next: number | null }>(read: SWRInfiniteResponse<Page, Error>): Pages<Page> {
  const pages = read.data ?? [];
  return {
    pages,
    hasMore: pages.length > 0 && pages[pages.length - 1]?.next != null,
    loadingMore: pages.length > 0 && read.size > pages.length && !read.error,
    loadMore: () => {
      // After a failed page, ask for the same page again rather than the one after it.
      if (read.size > pages.length) void read.mutate();
      else void read.setSize(read.size + 1);
    },
    failedAfter: pages.length > 0 ? read.error : undefined,
  };
}

/** Under a list read page after page: a failed page's note, then "Load more", or the list's end. */
export function MoreOrEnd<Page>({ pages, shown, end }: { pages: Pages<Page>; shown: boolean; end: ReactNode }) {
  const { t } = useLingui();
  return (
    <>
      {pages.failedAfter ? <ErrorNote error={pages.failedAfter} /> : null}
      {pages.hasMore ? (
        <p className="more">
          <BusyButton busy={pages.loadingMore} onClick={pages.loadMore}>
            {t`Load more`}
          </BusyButton>
        </p>
      ) : shown ? (
        <p className="muted more">{end}</p>
      ) : null}
    </>
  );
}
