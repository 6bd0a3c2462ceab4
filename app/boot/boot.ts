/**
 * The boot script: a classic script first in <body>, run while the page is parsed and before any
 * of the app's modules.
 *
 * It paints the signed-in customer's last Home screen into the first frame, so a reopen, offline above all, shows their last known figures at once. React
 * renders beside it, hidden, and removes it when its own Home has its figures
 * (app/state/home-snapshot.ts). It paints nothing unless every rule of the service-worker cache
 * holds: a stored session, a snapshot of that same user, the same language, and amounts hidden now
 * if they are hidden in the copy. The markup is what the browser serialised from React's screen;
 * the content security policy allows no inline script or handler in it.
 *
 * It also starts the first screen's downloads (lists from the build, see vite.config.ts): the
 * entry's modules, after the paint when there is one, and the login page for a visitor who is
 * not signed in.
 */
import { SNAPSHOT_ELEMENT_ID, STORAGE_KEYS, type HomeSnapshot } from '../state/storage-keys';
import { PATHS } from '../lib/paths';

const HOME_ROUTES = ['', '/', PATHS.home];
const THEMES = ['subject1', 'subject2'];

function read<T>(key: string): T | null {
  return JSON.parse(localStorage.getItem(key) ?? 'null') as T | null;
}

function tipBar(text: string): HTMLElement {
  const tip = document.createElement('div');
  tip.className = 'no-network-tip';
  tip.setAttribute('role', 'status');
  const label = document.createElement('span');
  label.textContent = text;
  tip.append(label);
  return tip;
}

function signedInUser(): unknown {
  const session = read<{ id?: unknown; token?: unknown }>(STORAGE_KEYS.session);
  return session && typeof session.token === 'string' ? session.id : undefined;
}

/** The copy of Home to paint on this open, if every rule allows one. */
function snapshotToPaint(): HomeSnapshot | null {
  if (!HOME_ROUTES.includes(location.hash.replace(/^#/, '').split('?')[0] ?? '')) return null;
  const user = signedInUser();
  const snapshot = read<HomeSnapshot>(STORAGE_KEYS.homeSnapshot);
  if (user === undefined || !snapshot || snapshot.user !== user) return null;
  if (snapshot.language !== (localStorage.getItem(STORAGE_KEYS.language) ?? '')) return null;
  if (snapshot.device !== navigator.language) return null;
  if (localStorage.getItem(STORAGE_KEYS.hideAmounts) === '1' && !snapshot.hidden) return null;
  return snapshot;
}

function paint(snapshot: HomeSnapshot): void {
  const layer = document.createElement('div');
  layer.id = SNAPSHOT_ELEMENT_ID;
  layer.innerHTML = snapshot.html;
  // Offline, React will open on the tip that says how old the figures are: so does the copy.
  if (!navigator.onLine) layer.firstElementChild?.prepend(tipBar(snapshot.tip));
  document.documentElement.lang = snapshot.locale;
  // First in <body>, before #root is parsed: the CSS then keeps #root hidden behind it.
  document.body.prepend(layer);
}

function preload(files: string | undefined): void {
  for (const href of files?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

function boot(lists: DOMStringMap): void {
  const theme = localStorage.getItem(STORAGE_KEYS.theme);
  if (theme && THEMES.includes(theme)) document.documentElement.dataset.theme = theme;
  const snapshot = snapshotToPaint();
  if (!snapshot) {
    preload(lists.app);
    if (signedInUser() === undefined) preload(lists.login);
    return;
  }
  paint(snapshot);
  preload(lists.app);
}

const lists = document.currentScript?.dataset ?? {};
try {
  boot(lists);
} catch {
  // Storage unreadable or a snapshot from an older version: the app starts as usual.
  preload(lists.app);
}
