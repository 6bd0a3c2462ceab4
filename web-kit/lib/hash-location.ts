import { useSyncExternalStore } from 'react';

/**
 * Hash routing with query strings inside the hash: `#/pages/login/register?code=AB12CD` in the
 * customer app, `#/review/recharge?id=5` in the console. (wouter's own hash hook keeps the query
 * in the path, so routes would not match.) Each in-app push records its depth in history.state,
 * which tells the app's back bar whether there is an in-app page to go back to.
 */
interface HistoryState {
  depth?: number;
}

function subscribe(onChange: () => void): () => void {
  addEventListener('hashchange', onChange);
  addEventListener('popstate', onChange);
  return () => {
    removeEventListener('hashchange', onChange);
    removeEventListener('popstate', onChange);
  };
}

function hashTarget(): string {
  const target = location.hash.replace(/^#/, '');
  return target.startsWith('/') ? target : `/${target}`;
}

export function currentPath(): string {
  return hashTarget().split('?')[0] || '/';
}

export function currentSearch(): string {
  return hashTarget().split('?')[1] ?? '';
}

function depth(): number {
  const state = history.state as HistoryState | null;
  return typeof state?.depth === 'number' ? state.depth : 0;
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const url = new URL(location.href);
  url.hash = to.startsWith('/') ? to : `/${to}`;
  if (url.href === location.href && !options.replace) return;
  if (options.replace) history.replaceState({ depth: depth() } satisfies HistoryState, '', url);
  else history.pushState({ depth: depth() + 1 } satisfies HistoryState, '', url);
  dispatchEvent(new HashChangeEvent('hashchange'));
}

/** Back in history when an in-app page is behind us, else Home. */
export function goBack(): void {
  if (depth() > 0) history.back();
  else navigate('/', { replace: true });
}

export function useHashLocation(): [string, typeof navigate] {
  return [useSyncExternalStore(subscribe, currentPath), navigate];
}

export function useHashSearch(): string {
  return useSyncExternalStore(subscribe, currentSearch);
}

export function hashHref(to: string): string {
  return `#${to}`;
}
