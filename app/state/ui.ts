import { atom } from 'jotai';

/** The language sheet is one popup for the whole app; any page may open it. */
export const languageSheetOpenAtom = atom(false);
