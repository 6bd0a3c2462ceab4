import { atom } from 'jotai';
import { readStored, writeStored } from './storage';

const HIDE_AMOUNTS_KEY = 'hideAmounts';

const hiddenValueAtom = atom(readStored(HIDE_AMOUNTS_KEY) === '1');

/** "Hide amounts": every money figure masked, remembered on this device. */
export const amountsHiddenAtom = atom(
  (get) => get(hiddenValueAtom),
  (_get, set, hidden: boolean) => {
    writeStored(HIDE_AMOUNTS_KEY, hidden ? '1' : null);
    set(hiddenValueAtom, hidden);
  },
);
