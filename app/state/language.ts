import { atom } from 'jotai';
import type { WireLanguage } from '../../contract/rules';
import { detectDeviceLanguage, languageByWire, type Language } from '../../contract/languages';
import { onStoredChange, readStored, writeStored } from './storage';
import { STORAGE_KEYS } from './storage-keys';

const LANGUAGE_KEY = STORAGE_KEYS.language;

function readChoice(): WireLanguage | null {
  return languageByWire(readStored(LANGUAGE_KEY))?.wire ?? null;
}

const choiceValueAtom = atom<WireLanguage | null>(readChoice());
choiceValueAtom.onMount = (set) => onStoredChange(LANGUAGE_KEY, () => set(readChoice()));

/** The customer's pick, stored under `language` as the wire code; null means "Auto". */
export const languageChoiceAtom = atom(
  (get) => get(choiceValueAtom),
  (_get, set, next: WireLanguage | null) => {
    writeStored(LANGUAGE_KEY, next);
    set(choiceValueAtom, next);
  },
);

/** The language in use: the stored pick, else the device's, else English. */
export const activeLanguageAtom = atom<Language>(
  (get) => languageByWire(get(choiceValueAtom)) ?? detectDeviceLanguage(navigator.languages ?? [navigator.language]),
);
