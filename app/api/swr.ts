import useSWR, { mutate, type SWRConfiguration, type SWRResponse } from 'swr';
import type { CallPath, CallRequest } from '../../contract/calls';
import type { CallResponse } from '../../contract/responses';
import { call } from './client';

/** An SWR key is the call and its fields; reads are silent and catch, pages show the error. */
export type CallKey<P extends CallPath> = readonly [P, CallRequest<P>];

export function callKey<P extends CallPath>(path: P, fields: CallRequest<P>): CallKey<P> {
  return [path, fields] as const;
}

const READ_DEFAULTS: SWRConfiguration = { dedupingInterval: 2000, errorRetryCount: 2, keepPreviousData: true };

async function fetcher<P extends CallPath>([path, fields]: CallKey<P>): Promise<CallResponse<P>> {
  return call(path, fields, { catch: true, silent: true });
}

export function useCall<P extends CallPath>(
  key: CallKey<P> | null,
  config?: SWRConfiguration<CallResponse<P>, Error>,
): SWRResponse<CallResponse<P>, Error> {
  return useSWR<CallResponse<P>, Error, CallKey<P> | null>(key, fetcher, { ...READ_DEFAULTS, ...config });
}

/** Drops every cached read without refetching (signing out, changing account). */
export function forgetAllReads(): Promise<unknown> {
  return mutate(() => true, undefined, { revalidate: false });
}

export function setCachedRead<P extends CallPath>(key: CallKey<P>, data: CallResponse<P>): Promise<unknown> {
  return mutate(key, data, { revalidate: false });
}
