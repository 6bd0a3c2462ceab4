import { useEffect } from 'react';
import type { LiveEvent } from '../../contract/live';

export type LiveTopic = Exclude<LiveEvent['type'], 'ping'>;

const listeners = new Map<LiveTopic, Set<() => void>>();

/** Something changed on the server for this customer: whoever shows `topic` refreshes. */
export function emitLive(topic: LiveTopic): void {
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

export function useLiveRefresh(topics: readonly LiveTopic[], refresh: () => void): void {
  const key = topics.join(',');
  useEffect(() => onLive(key.split(',') as LiveTopic[], refresh), [key, refresh]);
}
