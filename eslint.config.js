import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Layers of the app, lowest first: a layer may import from the layers below it, never above. */
const appTop = ['./app/main.tsx', './app/routes.tsx', './app/shell.tsx'];
const consoleTop = ['./console/main.tsx', './console/console.tsx'];
const zones = [
  {
    target: './contract',
    from: ['./app', './console', './server', './sw', './e2e', './web-kit'],
    message: 'contract/ is shared and depends on nothing of ours.',
  },
  {
    target: './web-kit',
    from: ['./app', './console', './sw', './server', './e2e'],
    message: 'web-kit/ serves the app, the console and the worker alike: it imports only contract/.',
  },
  { target: './server', from: ['./web-kit'], message: "The server never imports the front ends' kit." },
  { target: './server', from: ['./app', './console', './sw'], message: 'The server never imports the app.' },
  { target: './app', from: ['./server', './e2e', './sw'], message: 'The app never imports the server.' },
  {
    target: './app',
    from: ['./console'],
    message: "The customer app never imports the operators' console: its code would ship to customers.",
  },
  {
    target: './console',
    from: ['./app', './server', './e2e', './sw'],
    message: 'The console never imports the customer app or the server: what both need belongs in contract/.',
  },
  {
    target: ['./console/lib', './console/i18n', './console/styles'],
    from: ['./console/ui', './console/api', './console/state', './console/pages', ...consoleTop],
    message: 'lib and i18n are the bottom layer.',
  },
  {
    target: './console/ui',
    from: ['./console/api', './console/state', './console/pages', ...consoleTop],
    message: 'ui components are presentational: pass data in through props.',
  },
  {
    target: './console/state',
    from: ['./console/api', './console/pages', ...consoleTop],
    message: 'state sits below api and pages.',
  },
  { target: './console/api', from: ['./console/pages', ...consoleTop], message: 'api sits below pages.' },
  { target: './console/pages', from: consoleTop, message: 'Pages never import the shell.' },
  { target: './sw', from: ['./app/pages', './app/ui', './app/state', ...appTop], message: 'The worker stands alone.' },
  {
    target: ['./app/lib', './app/i18n', './app/styles'],
    from: ['./app/ui', './app/api', './app/state', './app/pages', ...appTop],
    message: 'lib and i18n are the bottom layer.',
  },
  {
    target: './app/ui',
    from: ['./app/api', './app/state', './app/pages', ...appTop],
    message: 'ui components are presentational: pass data in through props.',
  },
  { target: './app/state', from: ['./app/api', './app/pages', ...appTop], message: 'state sits below api and pages.' },
  { target: './app/api', from: ['./app/pages', ...appTop], message: 'api sits below pages.' },
  { target: './app/pages', from: appTop, message: 'Pages never import the shell or the route table.' },
];

/**
 * The server's layers, lowest first: the platform (plumbing: the database, HTTP, mail, i18n), the
 * ledger (the only way money moves), the capabilities (each a folder holding its routes, console
 * routes, service and queries), then what spans capabilities (the metrics, the upkeep, the demo
 * data, the operator CLI) and the composition at the server's root. Tests and server/testing may
 * reach anything.
 */
const capabilities = [
  'auth',
  'customers',
  'deposits',
  'interest-wallet',
  'live',
  'push',
  'review',
  'selling',
  'settings',
  'staff',
  'team',
  'uploads',
  'withdrawals',
].map((folder) => `./server/${folder}`);
const aboveCapabilities = ['metrics', 'maintenance', 'demo', 'ops', 'testing', 'whole-server'].map(
  (folder) => `./server/${folder}`,
);
const serverRoot = ['main', 'app', 'config', 'query-groups'].map((file) => `./server/${file}.ts`);
/**
 * What each capability offers the others: a capability imports another only through these files
 * (its service, its calls, the rows and wire shapes others show). Anything else is its own.
 */
const offeredToOthers = {
  auth: [
    'calls.ts',
    'identity-proof.ts',
    'owner-notices.ts',
    'password-guesses.ts',
    'passwords.ts',
    'routes.ts',
    'session-cache.ts',
  ],
  customers: ['console-routes.ts', 'queries.ts', 'wire.ts'],
  deposits: ['chain/addresses.ts', 'queries.ts'],
  'interest-wallet': [],
  live: ['events.ts', 'hub.ts'],
  push: ['notices.ts'],
  review: ['review.ts'],
  selling: [],
  settings: ['service-settings.ts'],
  staff: ['audit-queries.ts', 'calls.ts', 'four-eyes-refusals.ts', 'four-eyes.ts', 'session.ts'],
  team: ['queries.ts'],
  uploads: [],
  withdrawals: ['payout-account-queries.ts', 'wire.ts'],
};
const throughWhatIsOffered = Object.entries(offeredToOthers).map(([folder, offered]) => ({
  target: capabilities.filter((other) => other !== `./server/${folder}`),
  from: `./server/${folder}`,
  except: offered.map((file) => `./${file}`),
  message: `Another capability is reached only through what it offers (offeredToOthers in eslint.config.js).`,
}));

const serverZones = [
  {
    target: './server/platform',
    from: ['./server/ledger', ...capabilities, ...aboveCapabilities, ...serverRoot],
    message: 'The platform is plumbing: it imports no capability, nor the ledger.',
  },
  {
    target: './server/ledger',
    from: [...capabilities, ...aboveCapabilities, ...serverRoot],
    message: 'The ledger stands on the platform alone.',
  },
  {
    target: capabilities,
    from: [...aboveCapabilities, ...serverRoot],
    message:
      'A capability never imports the composition, the configuration or what spans capabilities: it is handed what it needs.',
  },
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'messages/*.ts', 'bench/out/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-named-as-default-member': 'off',
      // TypeScript already checks what a namespace import holds; this rule took a fifth of the
      // lint time doing it again.
      'import-x/namespace': 'off',
      'no-restricted-globals': [
        'error',
        { name: 'parseFloat', message: 'Money is parsed by contract/money.ts, never as a float.' },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'Number',
          property: 'parseFloat',
          message: 'Money is parsed by contract/money.ts, never as a float.',
        },
      ],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}', 'console/**/*.{ts,tsx}', 'web-kit/**/*.{ts,tsx}', 'sw/**/*.ts'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: { ...globals.browser } },
  },
  {
    files: ['app/**/*.{ts,tsx}', 'console/**/*.{ts,tsx}', 'web-kit/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/lib/paths.ts', 'app/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/^\\/pages\\//]', message: 'Screen addresses live in app/lib/paths.ts (PATHS).' },
        {
          selector: 'TemplateElement[value.raw=/^\\/pages\\//]',
          message: 'Screen addresses live in app/lib/paths.ts (PATHS).',
        },
      ],
    },
  },
  {
    // Every database call of the server is async: a forgotten await would read a Promise as data
    // or let a money statement run after its transaction ended.
    files: ['server/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/testing/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...zones, ...serverZones, ...throughWhatIsOffered] }],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/auth/passwords'],
              importNames: ['useTestPasswordCost'],
              message: 'Only the server tests hash passwords at the test cost; a server always hashes at the full one.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/state/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'jotai', message: 'Use the atoms and hooks of app/state: one store, one place for global state.' },
            { name: 'jotai/utils', message: 'Use app/state.' },
          ],
        },
      ],
    },
  },
  {
    files: ['console/**/*.{ts,tsx}'],
    // Tests run in Node, never in the browser: they compare the copies with the contract itself.
    ignores: ['console/state/**', 'console/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'jotai', message: 'Use the atoms and hooks of console/state: one store, one place for state.' },
            { name: 'jotai/utils', message: 'Use console/state.' },
          ],
          patterns: [
            {
              regex: 'contract/console$',
              allowTypeImports: true,
              message:
                'contract/console.ts builds zod schemas at load, which would ship zod to the browser: import its types only, and its constants from console/api/wire.ts.',
            },
          ],
        },
      ],
    },
  },
);
