import { useSyncExternalStore } from 'react';

/**
 * Hash routing with a query string inside the hash: `#/review/recharge?id=5`. wouter's own hash
 * hook keeps the query in the path, so routes would not match.
 */
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

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const url = new URL(location.href);
  url.hash = to.startsWith('/') ? to : `/${to}`;
  if (url.href === location.href) return;
  if (options.replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  dispatchEvent(new HashChangeEvent('hashchange'));
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
