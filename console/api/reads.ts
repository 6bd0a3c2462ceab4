import { useEffect, useRef } from 'react';
import useSWR, { useSWRConfig, type SWRConfiguration, type SWRResponse } from 'swr';
import useSWRInfinite, { type SWRInfiniteConfiguration } from 'swr/infinite';
import type {
  ConsoleCallPath,
  ConsoleCallRequest,
  ConsoleCallResponse,
  ReviewKind,
  ReviewQueue,
} from '../../contract/console';
import type { DepositState } from '../../contract/rules';
import { call } from './client';

type Key<P extends ConsoleCallPath> = readonly [P, ConsoleCallRequest<P>];

/**
 * Pages show their own loading, error and retry states, so a failed read is not retried behind
 * the operator's back; focus and the live socket read again instead.
 */
export const READ_DEFAULTS: SWRConfiguration = {
  dedupingInterval: 1000,
  shouldRetryOnError: false,
  keepPreviousData: true,
};

function fetcher<P extends ConsoleCallPath>([path, fields]: Key<P>): Promise<ConsoleCallResponse<P>> {
  return call(path, fields);
}

function useRead<P extends ConsoleCallPath>(key: Key<P> | null): SWRResponse<ConsoleCallResponse<P>, Error> {
  return useSWR<ConsoleCallResponse<P>, Error, Key<P> | null>(key, fetcher);
}

/** The console's endless lists: newest first, each page's `next` the `before` of the page after it. */
type PagedPath = 'audit/list' | 'customers/ledger' | 'hall/offers' | 'deposits/list';

function usePagesBefore<P extends PagedPath>(
  path: P,
  fields: Omit<ConsoleCallRequest<P>, 'before'>,
  options?: SWRInfiniteConfiguration,
) {
  return useSWRInfinite<ConsoleCallResponse<P>, Error>(
    (index, previous: ConsoleCallResponse<P> | null) => {
      if (index > 0 && previous?.next == null) return null;
      const before = index === 0 ? '' : String(previous?.next);
      return [path, { ...fields, before } as ConsoleCallRequest<P>] as const;
    },
    ([callPath, callFields]: Key<P>) => call(callPath, callFields),
    options,
  );
}

/** The queue's first page of every kind: its counts and the orders waiting longest. */
export function useQueue() {
  return useRead(['review/queue', {}]);
}

/** The queue of one kind (or all), one page after another: each full page's `next` asks for the one after. */
export function useQueuePages(kind: ReviewKind | null) {
  return useSWRInfinite<ReviewQueue, Error>(
    (index, previous: ReviewQueue | null) => {
      if (index > 0 && previous?.next == null) return null;
      return ['review/queue', { kind: kind ?? '', after: index === 0 ? '' : String(previous?.next) }] as const;
    },
    ([path, fields]: Key<'review/queue'>) => call(path, fields),
    { revalidateFirstPage: true },
  );
}

export type ReviewPath = `review/${ReviewKind}`;

export function useReview<P extends ReviewPath>(path: P, id: string | null) {
  const fields: ConsoleCallRequest<ReviewPath> = { id: id ?? '' };
  return useRead<P>(id === null ? null : [path, fields as ConsoleCallRequest<P>]);
}

export interface AuditFilters {
  operator: string;
  account: string;
  kind: string;
}

/** The audit log, newest first, one page after another. */
export function useAuditLog(filters: AuditFilters) {
  return usePagesBefore('audit/list', filters, { revalidateFirstPage: false, revalidateOnFocus: false });
}

/** Customers whose account or e-mail starts with `query`; nothing is read for an empty query. */
export function useCustomerSearch(query: string) {
  return useRead(query ? ['customers/search', { query }] : null);
}

export function useCustomer(id: string | null) {
  return useRead(id === null ? null : ['customers/detail', { id }]);
}

/** A customer's ledger, newest first, one page after another, like the audit log. */
export function useCustomerLedger(id: string) {
  return usePagesBefore('customers/ledger', { id }, { revalidateFirstPage: false, revalidateOnFocus: false });
}

/** Every offer of the hall, newest first, one page after another. */
export function useOfferPages() {
  return usePagesBefore('hall/offers', {});
}

/** The lists an administrator keeps: the hall, the settings and the operators. */
export type ListPath =
  | 'hall/merchants'
  | 'settings/products'
  | 'settings/contacts'
  | 'settings/addresses'
  | 'settings/networks'
  | 'operators/list';

export function useList<P extends ListPath>(path: P) {
  return useRead<P>([path, {} as ConsoleCallRequest<P>]);
}

/** The amount above which orders need two operators, as an administrator set it, and a raise that waits. */
export function useReviewSettings() {
  return useRead(['settings/review', {}]);
}

/** Where four eyes stands: who counts, who does not yet, the raise that waits. */
export function useFourEyes() {
  return useRead(['four-eyes/status', {}]);
}

const isReadOf = (key: unknown, match: (path: string) => boolean) =>
  Array.isArray(key) && typeof key[0] === 'string' && match(key[0]);

/**
 * Reads the queue again: the live socket said it changed. Only the queue, which the server does
 * not count as the operator's activity; an open review follows the queue by itself (see
 * useFollowQueue), so a console left open is still signed out after the idle time.
 */
export function useRevalidateQueue(): () => void {
  const { mutate } = useSWRConfig();
  // With the filter alone, SWR reads again and keeps what is on screen until the answer comes.
  return () => void mutate((key) => isReadOf(key, (path) => path === 'review/queue'));
}

/** Reads the queue and every open review again, after the operator decided something. */
export function useRefreshReviews(): () => void {
  const { mutate } = useSWRConfig();
  return () => void mutate((key) => isReadOf(key, (path) => path.startsWith('review/')));
}

/**
 * An open review reads itself again when its line in the queue changes: someone else approved or
 * decided it. The queue is read live anyway, and the order's own read then counts as activity only
 * when there is something new to see.
 */
export function useFollowQueue(kind: ReviewKind, id: string | null, refresh: () => void): void {
  const { data } = useQueue();
  const item = data?.items.find((entry) => entry.kind === kind && String(entry.id) === id);
  const line = data ? (item ? `waiting:${item.approvals.join(',')}` : 'gone') : null;
  const seen = useRef(line);
  const latestRefresh = useRef(refresh);
  useEffect(() => {
    latestRefresh.current = refresh;
  });
  useEffect(() => {
    if (line === null) return;
    if (seen.current !== null && seen.current !== line) latestRefresh.current();
    seen.current = line;
  }, [line]);
}

/** Reads again every open read whose path starts with one of `prefixes`, after a change there. */
export function useRevalidate(): (...prefixes: string[]) => void {
  const { mutate } = useSWRConfig();
  return (...prefixes) =>
    void mutate((key) => isReadOf(key, (path) => prefixes.some((prefix) => path.startsWith(prefix))));
}

/** A list an administrator edits: its read as a ListEditor takes it, and the reading again after a save. */
export function useEditedList<P extends ListPath>(path: P) {
  const { data, error, mutate } = useList(path);
  const revalidate = useRevalidate();
  return { read: { data, error, retry: () => void mutate() }, reread: () => revalidate(path) };
}

/** Where each network's watcher stands, read again every 10 seconds while the screen is open. */
export function useWatchers() {
  return useSWR<ConsoleCallResponse<'deposits/watchers'>, Error, Key<'deposits/watchers'>>(
    ['deposits/watchers', {}],
    fetcher,
    { refreshInterval: 10_000 },
  );
}

/** Deposits found on the chain (of one state, or all), newest first, one page after another. */
export function useChainDeposits(state: DepositState | '') {
  return usePagesBefore('deposits/list', { state }, { refreshInterval: 10_000, revalidateFirstPage: true });
}
