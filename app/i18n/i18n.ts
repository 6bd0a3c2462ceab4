import { i18n, type Messages } from '@lingui/core';
import type { Locale } from './languages';

export { i18n };

/** Catalogs are compiled from messages/*.po by the Lingui Vite plugin, one lazy chunk per locale. */
const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../messages/en.po'),
  de: () => import('../../messages/de.po'),
  es: () => import('../../messages/es.po'),
  fr: () => import('../../messages/fr.po'),
  pt: () => import('../../messages/pt.po'),
  ja: () => import('../../messages/ja.po'),
  'zh-Hans': () => import('../../messages/zh-Hans.po'),
  'zh-Hant': () => import('../../messages/zh-Hant.po'),
};

export async function activateLocale(locale: Locale): Promise<void> {
  if (i18n.locale === locale) return;
  const { messages } = await loaders[locale]();
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
}
