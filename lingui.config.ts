import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/** The signed-in pages; their strings load with the first of them, after the sign-in screens. */
const signedInPages = [
  '<rootDir>/app/pages/home',
  '<rootDir>/app/pages/my',
  '<rootDir>/app/pages/hall',
  '<rootDir>/app/pages/orders',
  '<rootDir>/app/pages/shared',
];

/**
 * Lingui locales; the wire codes the server speaks are mapped in contract/languages.ts. Two
 * catalogs per locale for the customer app: the shell, the shared components and the sign-in
 * screens load at start; the signed-in pages' strings load when the first such page does. The
 * operators' console has a third catalog of its own, so none of its strings reach a customer's
 * device. The kit both front ends share (web-kit/) is extracted into the customer's start catalog
 * and into the console's, each translated for its own readers.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'es', 'fr', 'pt', 'ja', 'zh-Hans', 'zh-Hant'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/messages/{locale}',
      include: ['<rootDir>/app', '<rootDir>/web-kit'],
      exclude: signedInPages.map((dir) => `${dir}/**`),
    },
    { path: '<rootDir>/messages/pages/{locale}', include: signedInPages },
    { path: '<rootDir>/messages/console/{locale}', include: ['<rootDir>/console', '<rootDir>/web-kit'] },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
