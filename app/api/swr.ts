import { useCallback } from 'react';
import useSWR, { mutate, preload, type SWRConfiguration, type SWRResponse } from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { CallPath, CallRequest } from '../../contract/calls';
import type { CallResponse, Page } from '../../contract/responses';
import { sessionAtom } from '../state/session';
import { store, useAtomValue } from '../state/store';
import { call } from './client';
import { useLiveVersion, type LiveTopic } from './live-bus';
import { STALE_AFTER, type Change } from './stale-reads';
import { onFirstControl } from './worker-control';

/** A read: the call and its fields. */
export type CallKey<P extends CallPath> = readonly [P, CallRequest<P>];
/**
 * SWR's key adds the signed-in user, so one user's answers are never shown to another, not even
 * for the moment between a sign-out and the next fetch.
 */
type UserCallKey<P extends CallPath> = readonly [P, CallRequest<P>, number];

export function callKey<P extends CallPath>(path: P, fields: CallRequest<P>): CallKey<P> {
  return [path, fields] as const;
}

const READ_DEFAULTS: SWRConfiguration = { dedupingInterval: 2000, errorRetryCount: 2, keepPreviousData: true };

/** Reads are silent and catch: pages show their own loading, error and retry states. */
async function fetcher<P extends CallPath>([path, fields]: UserCallKey<P>): Promise<CallResponse<P>> {
  return call(path, fields, { silent: true });
}

export function useCall<P extends CallPath>(
  key: CallKey<P> | null,
  config?: SWRConfiguration<CallResponse<P>, Error>,
): SWRResponse<CallResponse<P>, Error> {
  const userId = useAtomValue(sessionAtom)?.id;
  const userKey = key && userId !== undefined ? ([key[0], key[1], userId] as const) : null;
  return useSWR<CallResponse<P>, Error, UserCallKey<P> | null>(userKey, fetcher, { ...READ_DEFAULTS, ...config });
}

/** The calls whose answer is one page of a list. */
type PagedPath = {
  [P in CallPath]: CallResponse<P> extends Page<unknown>
    ? CallRequest<P> extends { page?: string }
      ? P
      : never
    : never;
}[CallPath];
type ItemOf<P extends PagedPath> = CallResponse<P> extends Page<infer T> ? T : never;

export const PAGE_SIZE = 10;

/**
 * An endless list: pages of `PAGE_SIZE` fetched one after another as the customer scrolls. The key
 * carries the user like every other read; a live event on one of `topics` refreshes it.
 */
export function usePagedCall<P extends PagedPath>(
  path: P,
  fields: Omit<CallRequest<P>, 'page' | 'page_size'>,
  topics: readonly LiveTopic[] = [],
) {
  const userId = useAtomValue(sessionAtom)?.id;
  const version = useLiveVersion(topics);
  const result = useSWRInfinite<CallResponse<P>, Error>(
    (index, previous: CallResponse<P> | null) => {
      if (userId === undefined) return null;
      if (previous && (previous as Page<unknown>).list.length < PAGE_SIZE) return null;
      return [path, { ...fields, page: String(index + 1), page_size: String(PAGE_SIZE) }, userId, version] as const;
    },
    ([callPath, callFields]: readonly [P, CallRequest<P>, number, number]) => fetcher([callPath, callFields, 0]),
    { ...READ_DEFAULTS, revalidateFirstPage: true },
  );
  const { mutate: revalidate } = result;
  const refresh = useCallback(() => void revalidate(), [revalidate]);
  const pages = (result.data ?? []) as Page<ItemOf<P>>[];
  const items = pages.flatMap((page) => page.list);
  const total = pages[0]?.total ?? 0;
  return {
    items,
    total,
    error: result.error,
    isLoading: result.isLoading,
    isLoadingMore: result.isValidating && result.size > pages.length,
    hasMore: pages.length === 0 ? false : items.length < total,
    loadMore: () => void result.setSize(result.size + 1),
    refresh,
  };
}

/** Revalidates every cached single read of the given calls (lists refresh through `onLive`). */
export function revalidateCalls(...paths: CallPath[]): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && paths.includes(key[0] as CallPath));
}

/** Reads again what `change` left stale (see STALE_AFTER). */
export function revalidateAfter(change: Change): Promise<unknown> {
  return revalidateCalls(...STALE_AFTER[change]);
}

/** Starts a read before the screen that shows it renders; its hook then finds it under way. */
export function preloadCall<P extends CallPath>(key: CallKey<P>): void {
  const userId = store.get(sessionAtom)?.id;
  if (userId !== undefined) void preload([key[0], key[1], userId] as const, fetcher);
}

/** Fetches every read on screen again (the worker has just taken control and keeps what it sees). */
export function rereadAll(): Promise<unknown> {
  return mutate(() => true);
}

onFirstControl(() => void rereadAll());

/** Drops every cached read without refetching (signing out, changing account). */
export function forgetAllReads(): Promise<unknown> {
  return mutate(() => true, undefined, { revalidate: false });
}

export function setCachedRead<P extends CallPath>(key: CallKey<P>, data: CallResponse<P>): Promise<unknown> {
  const userId = store.get(sessionAtom)?.id;
  if (userId === undefined) return Promise.resolve();
  return mutate([key[0], key[1], userId], data, { revalidate: false });
}
