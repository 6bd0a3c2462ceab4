import useSWR, { mutate, type SWRConfiguration, type SWRResponse } from 'swr';
import type { CallPath, CallRequest } from '../../contract/calls';
import type { CallResponse } from '../../contract/responses';
import { sessionAtom } from '../state/session';
import { store, useAtomValue } from '../state/store';
import { call } from './client';

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
  return call(path, fields, { catch: true, silent: true });
}

export function useCall<P extends CallPath>(
  key: CallKey<P> | null,
  config?: SWRConfiguration<CallResponse<P>, Error>,
): SWRResponse<CallResponse<P>, Error> {
  const userId = useAtomValue(sessionAtom)?.id;
  const userKey = key && userId !== undefined ? ([key[0], key[1], userId] as const) : null;
  return useSWR<CallResponse<P>, Error, UserCallKey<P> | null>(userKey, fetcher, { ...READ_DEFAULTS, ...config });
}

/** Drops every cached read without refetching (signing out, changing account). */
export function forgetAllReads(): Promise<unknown> {
  return mutate(() => true, undefined, { revalidate: false });
}

export function setCachedRead<P extends CallPath>(key: CallKey<P>, data: CallResponse<P>): Promise<unknown> {
  const userId = store.get(sessionAtom)?.id;
  if (userId === undefined) return Promise.resolve();
  return mutate([key[0], key[1], userId], data, { revalidate: false });
}
