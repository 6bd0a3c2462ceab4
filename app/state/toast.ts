import { atom } from 'jotai';
import { store } from './store';

/** Messages the app itself raises outside React, rendered in the active language by the shell. */
export type AppMessage =
  | 'network-error'
  | 'offline-action'
  | 'unknown-theme'
  | 'theme-switched'
  | 'recharge-success'
  | 'recharge-failure'
  | 'deposit-credited'
  | 'withdraw-success'
  | 'withdraw-failure'
  | 'sale-completion'
  | 'sale-reject'
  | 'interest-paid';

export interface ToastItem {
  id: number;
  kind: 'toast' | 'notify';
  /** Server text, already in the customer's language. */
  text?: string;
  message?: AppMessage;
  detail?: string;
}

export const TOAST_MS = 2000;
export const NOTIFY_MS = 3000;

export const toastsAtom = atom<ToastItem[]>([]);

let nextId = 1;

function push(item: Omit<ToastItem, 'id'>, duration: number): void {
  const id = nextId;
  nextId += 1;
  // One toast at a time, as on the original: the newest replaces what is showing.
  store.set(toastsAtom, (items) => [...items.filter((existing) => existing.kind !== item.kind), { ...item, id }]);
  setTimeout(() => store.set(toastsAtom, (items) => items.filter((existing) => existing.id !== id)), duration);
}

/** A short message for 2 s. */
export function showToast(content: string | { message: AppMessage; detail?: string }): void {
  push(typeof content === 'string' ? { kind: 'toast', text: content } : { kind: 'toast', ...content }, TOAST_MS);
}

/** A banner for 3 s (live updates). */
export function showNotify(content: string | { message: AppMessage }): void {
  push(typeof content === 'string' ? { kind: 'notify', text: content } : { kind: 'notify', ...content }, NOTIFY_MS);
}
