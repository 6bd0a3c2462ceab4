import { atom } from 'jotai';
import { dropHomeSnapshot } from './home-snapshot';
import { readStored, writeStored } from './storage';
import { STORAGE_KEYS } from './storage-keys';

const HIDE_AMOUNTS_KEY = STORAGE_KEYS.hideAmounts;

const hiddenValueAtom = atom(readStored(HIDE_AMOUNTS_KEY) === '1');

/** "Hide amounts": every money figure masked, remembered on this device. */
export const amountsHiddenAtom = atom(
  (get) => get(hiddenValueAtom),
  (_get, set, hidden: boolean) => {
    writeStored(HIDE_AMOUNTS_KEY, hidden ? '1' : null);
    // No copy of the figures may outlive the choice to hide them; Home takes a masked one.
    if (hidden) dropHomeSnapshot();
    set(hiddenValueAtom, hidden);
  },
);
