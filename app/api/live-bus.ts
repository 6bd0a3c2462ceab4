import { useCallback, useSyncExternalStore } from 'react';
import type { LiveEvent } from '../../contract/live';

export type LiveTopic = Exclude<LiveEvent['type'], 'ping'>;

const listeners = new Map<LiveTopic, Set<() => void>>();
/** How many events each topic has had: lists put it in their key, so they refetch even when an
 * event arrived while they were not on screen. */
const versions = new Map<LiveTopic, number>();

/** Something changed on the server for this customer: whoever shows `topic` refreshes. */
export function emitLive(topic: LiveTopic): void {
  versions.set(topic, (versions.get(topic) ?? 0) + 1);
  for (const listener of listeners.get(topic) ?? []) listener();
}

export function onLive(topics: readonly LiveTopic[], listener: () => void): () => void {
  for (const topic of topics) {
    let set = listeners.get(topic);
    if (!set) {
      set = new Set();
      listeners.set(topic, set);
    }
    set.add(listener);
  }
  return () => {
    for (const topic of topics) listeners.get(topic)?.delete(listener);
  };
}

/** A number that grows with every event on any of `topics`. */
export function useLiveVersion(topics: readonly LiveTopic[]): number {
  const key = topics.join(',');
  const subscribe = useCallback((notify: () => void) => onLive(key.split(',') as LiveTopic[], notify), [key]);
  const snapshot = useCallback(
    () => key.split(',').reduce((sum, topic) => sum + (versions.get(topic as LiveTopic) ?? 0), 0),
    [key],
  );
  return useSyncExternalStore(subscribe, snapshot);
}
