import { createStore } from 'jotai';

/**
 * The one store of the app. Components reach it through the Provider in main.tsx; the API
 * client, which lives outside React, reads and writes it directly.
 */
export const store = createStore();

export { Provider as StateProvider, useAtom, useAtomValue, useSetAtom } from 'jotai';
export type { Atom, WritableAtom } from 'jotai';
