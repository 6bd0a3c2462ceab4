import { createStore } from 'jotai';

/**
 * The console's one store. Components reach it through the Provider in main.tsx; the API client,
 * which lives outside React, reads and writes it directly.
 */
export const store = createStore();

export { Provider as StateProvider, useAtom, useAtomValue, useSetAtom } from 'jotai';
