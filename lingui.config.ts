import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/** Lingui locales; the wire codes the server speaks are mapped in app/i18n/languages.ts. */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'es', 'fr', 'pt', 'ja', 'zh-Hans', 'zh-Hant'],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/messages/{locale}', include: ['<rootDir>/app'] }],
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
