import { i18n, type Messages } from '@lingui/core';
import type { Locale } from '../../contract/languages';

export { i18n };

type Loader = () => Promise<{ messages: Messages }>;

/**
 * The console's own catalogs (messages/console/*.po, compiled by the Lingui Vite plugin), one lazy
 * chunk per locale: a customer's device never loads them, and the console loads only its language.
 */
const loaders: Record<Locale, Loader> = {
  en: () => import('../../messages/console/en.po'),
  de: () => import('../../messages/console/de.po'),
  es: () => import('../../messages/console/es.po'),
  fr: () => import('../../messages/console/fr.po'),
  pt: () => import('../../messages/console/pt.po'),
  ja: () => import('../../messages/console/ja.po'),
  'zh-Hans': () => import('../../messages/console/zh-Hans.po'),
  'zh-Hant': () => import('../../messages/console/zh-Hant.po'),
};

const loaded = new Map<Locale, Promise<void>>();

function load(locale: Locale): Promise<void> {
  let loading = loaded.get(locale);
  if (!loading) {
    loading = loaders[locale]().then(({ messages }) => i18n.load(locale, messages));
    loading.catch(() => loaded.delete(locale));
    loaded.set(locale, loading);
  }
  return loading;
}

/** Switches once the catalog is in, so no screen shows half its strings in the old language. */
export async function activateLocale(locale: Locale): Promise<void> {
  await load(locale);
  if (i18n.locale !== locale) i18n.activate(locale);
  document.documentElement.lang = locale;
}
