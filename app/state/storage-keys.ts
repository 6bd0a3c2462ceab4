/**
 * Every localStorage key the app uses, in one place: the boot script that paints the last Home
 * screen (app/boot/boot.ts) reads them before the app's code has loaded.
 */
export const STORAGE_KEYS = {
  /** The session: user info and token, as the seed stores it. */
  session: 'userInfo',
  /** The chosen language's wire code; absent means "Auto". */
  language: 'language',
  theme: 'theme',
  hideAmounts: 'hideAmounts',
  homeSnapshot: 'homeSnapshot',
  /** A random id for this device, kept across sign-outs: sign-ins from a new one are mailed. */
  deviceId: 'deviceId',
  /** The token hash of the session this browser's push subscription was made for. */
  pushSession: 'pushSession',
} as const;

/** The id of the element the boot script paints the snapshot into. */
export const SNAPSHOT_ELEMENT_ID = 'home-snapshot';

/**
 * What Home showed last, kept for the signed-in user only, so a reopen paints it before React
 * boots. It is a picture, never a source of figures: nothing reads money from it.
 */
export interface HomeSnapshot {
  /** The user it belongs to; the boot script paints it only for this user's session. */
  user: number;
  /** The stored language choice ('' for Auto) and the device language when it was taken. */
  language: string;
  device: string;
  /** The `lang` of the page it was taken in. */
  locale: string;
  /** Whether amounts were hidden when it was taken. */
  hidden: boolean;
  /** When its figures were current (ISO 8601) and the offline tip that says so. */
  asOf: string;
  tip: string;
  /** The Home screen's markup, as the browser serialised what React rendered. */
  html: string;
}
