import { atom } from 'jotai';
import { detectDeviceLanguage, languageByLocale, type Language } from '../../contract/languages';

/** Its own key: the customer app on the same origin keeps its language under `language`. */
export const LANGUAGE_STORAGE_KEY = 'console.language';

function readStored(): Language | undefined {
  try {
    return languageByLocale(localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    // Storage can be switched off; the browser's language still serves.
    return undefined;
  }
}

const languageValueAtom = atom<Language>(
  readStored() ?? detectDeviceLanguage(navigator.languages ?? [navigator.language]),
);

/** The console's language; setting it remembers the choice on this browser. */
export const languageAtom = atom(
  (get) => get(languageValueAtom),
  (_get, set, next: Language) => {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, next.locale);
    } catch {
      // Not remembered, but used for this visit.
    }
    set(languageValueAtom, next);
  },
);
