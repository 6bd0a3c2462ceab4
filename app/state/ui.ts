import { atom } from 'jotai';

/** The language sheet is one popup for the whole app; any page may open it. */
export const languageSheetOpenAtom = atom(false);

/** A new version of the app is installed and waits for the customer to accept it. */
export const updateAvailableAtom = atom(false);
