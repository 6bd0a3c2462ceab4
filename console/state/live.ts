import { atom } from 'jotai';

/** Whether the queue's live socket is up: the queue says so, so nobody trusts a stale list. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

export const liveStatusAtom = atom<LiveStatus>('connecting');
