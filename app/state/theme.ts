import { atom } from 'jotai';
import { readStored, writeStored } from './storage';
import { store } from './store';
import { showToast } from './toast';
import { STORAGE_KEYS } from './storage-keys';

export const THEMES = ['subject1', 'subject2'] as const;
export type Theme = (typeof THEMES)[number];

const THEME_KEY = STORAGE_KEYS.theme;

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

const storedTheme = readStored(THEME_KEY);
/** A stored name we do not know, reported once by the shell, which keeps the default theme. */
export const unknownStoredTheme = storedTheme !== null && !isTheme(storedTheme) ? storedTheme : null;

const themeValueAtom = atom<Theme>(isTheme(storedTheme) ? storedTheme : 'subject1');

export const themeAtom = atom(
  (get) => get(themeValueAtom),
  (_get, set, next: Theme) => {
    writeStored(THEME_KEY, next);
    set(themeValueAtom, next);
  },
);

/** Switches the colour scheme and says so; an unknown name warns and keeps the current one. */
export function chooseTheme(name: string): void {
  if (!isTheme(name)) {
    console.warn(`unknown theme ${JSON.stringify(name)}; keeping ${store.get(themeAtom)}`);
    showToast({ message: 'unknown-theme', detail: name });
    return;
  }
  store.set(themeAtom, name);
  showToast({ message: 'theme-switched' });
}
