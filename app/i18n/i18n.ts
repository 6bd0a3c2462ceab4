import { i18n, type Messages } from '@lingui/core';
import type { Locale } from '../../contract/languages';

export { i18n };

type Loader = () => Promise<{ messages: Messages }>;

/**
 * Catalogs are compiled from messages/*.po by the Lingui Vite plugin, one lazy chunk per locale
 * and part: `core` (shell, shared components, sign-in screens) at start, `pages` with the first
 * signed-in page, so the sign-in screen never waits for strings it does not show.
 */
const loaders: Record<'core' | 'pages', Record<Locale, Loader>> = {
  core: {
    en: () => import('../../messages/en.po'),
    de: () => import('../../messages/de.po'),
    es: () => import('../../messages/es.po'),
    fr: () => import('../../messages/fr.po'),
    pt: () => import('../../messages/pt.po'),
    ja: () => import('../../messages/ja.po'),
    'zh-Hans': () => import('../../messages/zh-Hans.po'),
    'zh-Hant': () => import('../../messages/zh-Hant.po'),
  },
  pages: {
    en: () => import('../../messages/pages/en.po'),
    de: () => import('../../messages/pages/de.po'),
    es: () => import('../../messages/pages/es.po'),
    fr: () => import('../../messages/pages/fr.po'),
    pt: () => import('../../messages/pages/pt.po'),
    ja: () => import('../../messages/pages/ja.po'),
    'zh-Hans': () => import('../../messages/pages/zh-Hans.po'),
    'zh-Hant': () => import('../../messages/pages/zh-Hant.po'),
  },
};

const loaded = new Map<string, Promise<void>>();
let pagesNeeded = false;

function loadPart(part: 'core' | 'pages', locale: Locale): Promise<void> {
  const key = `${part}:${locale}`;
  let loading = loaded.get(key);
  if (!loading) {
    loading = loaders[part][locale]().then(({ messages }) => i18n.load(locale, messages));
    loading.catch(() => loaded.delete(key));
    loaded.set(key, loading);
  }
  return loading;
}

/** Switches language once every part in use is loaded, so no screen shows half its strings. */
export async function activateLocale(locale: Locale): Promise<void> {
  await Promise.all([loadPart('core', locale), pagesNeeded ? loadPart('pages', locale) : undefined]);
  if (i18n.locale !== locale) i18n.activate(locale);
  document.documentElement.lang = locale;
}

/** The signed-in pages' strings in the active language; their page chunks wait for it. */
export function loadPageMessages(locale: Locale = i18n.locale as Locale): Promise<void> {
  pagesNeeded = true;
  return loadPart('pages', locale);
}
