import { atom } from 'jotai';
import { store } from './store';

/** Chromium's install prompt event (not in the DOM typings). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallOption = { kind: 'prompt'; event: InstallPromptEvent } | { kind: 'ios' } | null;

/** The app runs from the home screen (installed), not in a browser tab. */
export function isStandalone(): boolean {
  return (
    matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true
  );
}

function isIosSafari(): boolean {
  return /iPhone|iPad|iPod/.test(navigator.userAgent) && !/CriOS|FxiOS|EdgiOS/.test(navigator.userAgent);
}

/** How this browser can put the app on the home screen, if it can and it is not there yet. */
export const installOptionAtom = atom<InstallOption>(null);

/** Listens from start-up: the browser offers its prompt once, early. */
export function listenForInstallPrompt(): void {
  if (isStandalone()) return;
  if (isIosSafari()) store.set(installOptionAtom, { kind: 'ios' });
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    store.set(installOptionAtom, { kind: 'prompt', event: event as InstallPromptEvent });
  });
  addEventListener('appinstalled', () => store.set(installOptionAtom, null));
}

export async function promptInstall(event: InstallPromptEvent): Promise<void> {
  await event.prompt();
  const choice = await event.userChoice;
  if (choice.outcome === 'accepted') store.set(installOptionAtom, null);
}
