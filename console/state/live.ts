import { atom } from 'jotai';

/** Whether the queue's live socket is up: the queue says so, so nobody trusts a stale list. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

export const liveStatusAtom = atom<LiveStatus>('connecting');

/**
 * How many times the live socket said the queue changed: the paged queue on screen reads its
 * pages again when this moves (SWR's filtered revalidation skips paged reads).
 */
export const queueChangesAtom = atom(0);
