import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { measureBundle, readBuildFacts, separationProblems, type BuildFacts } from './bundle';

/**
 * Runs after `npm run build` (the `test:build` stage of `npm test`): the customer app and the
 * operators' console share one build, and these rules keep each out of the other's way.
 */

/** A tiny build as the rules want it: both entries, one shared chunk, nothing crossed. */
function goodBuild(): BuildFacts {
  return {
    manifest: {
      'index.html': {
        file: 'assets/index-a.js',
        isEntry: true,
        imports: ['_shared.js', '_start.js'],
        dynamicImports: ['app/pages/home.tsx'],
      },
      'app/pages/home.tsx': { file: 'assets/home-b.js', imports: ['_start.js'] },
      'console/index.html': {
        file: 'assets/console-console-c.js',
        isEntry: true,
        imports: ['_shared.js'],
        dynamicImports: ['messages/console/en.po'],
      },
      'messages/console/en.po': { file: 'assets/console-en-d.js' },
      '_shared.js': { file: 'assets/shared-e.js' },
      '_start.js': { file: 'assets/start-f.js', imports: ['_shared.js'] },
    },
    modules: {
      'assets/index-a.js': ['app/main.tsx', 'index.html'],
      'assets/home-b.js': ['app/pages/home.tsx'],
      'assets/console-console-c.js': ['console/main.tsx', 'console/index.html'],
      'assets/console-en-d.js': ['messages/console/en.po'],
      'assets/shared-e.js': ['node_modules/react/index.js', 'contract/envelope.ts'],
      'assets/start-f.js': ['app/api/client.ts', 'messages/en.po'],
    },
    precache: [
      'index.html',
      'boot.js',
      'assets/index-a.js',
      'assets/home-b.js',
      'assets/shared-e.js',
      'assets/start-f.js',
    ],
    customerHtml:
      '<script src="/boot.js" data-app="/assets/shared-e.js"></script><script type="module" src="/assets/index-a.js"></script>',
    consoleHtml:
      '<script type="module" crossorigin src="/assets/console-console-c.js"></script><link rel="stylesheet" href="/assets/console-console.css">',
  };
}

describe('the separation rules (on a made-up build)', () => {
  it('pass a build that keeps the apps apart', () => {
    expect(separationProblems(goodBuild())).toEqual([]);
  });

  it('fail when a chunk the customer loads holds console code', () => {
    const build = goodBuild();
    build.modules['assets/shared-e.js']?.push('console/api/client.ts');
    expect(separationProblems(build)).toEqual([
      'assets/shared-e.js (loaded by the customer) holds console modules: console/api/client.ts',
    ]);
  });

  it('fail when a chunk the console loads holds customer code or the worker client', () => {
    const build = goodBuild();
    build.modules['assets/shared-e.js'] = [
      'node_modules/react/index.js',
      'app/state/store.ts',
      'node_modules/workbox-window/build/workbox-window.prod.mjs',
    ];
    expect(separationProblems(build)).toEqual([
      'assets/shared-e.js (loaded by the console) holds customer modules: app/state/store.ts, node_modules/workbox-window/build/workbox-window.prod.mjs',
    ]);
  });

  it('fail when a lazy customer chunk reaches a console file', () => {
    const build = goodBuild();
    build.manifest['app/pages/home.tsx']?.imports?.push('messages/console/en.po');
    expect(separationProblems(build)).toContain('the customer app loads assets/console-en-d.js');
  });

  it('fail when the service worker precaches the console', () => {
    const build = goodBuild();
    build.precache.push('console/index.html', 'assets/console-en-d.js');
    expect(separationProblems(build)).toEqual([
      'the service worker precaches console/index.html',
      'the service worker precaches assets/console-en-d.js',
    ]);
  });

  it("fail when the console's document gets the boot script, inline code or a worker", () => {
    const build = goodBuild();
    build.consoleHtml += '<script src="/boot.js"></script><script>registerSW()</script><div style="color:red"></div>';
    expect(separationProblems(build)).toEqual([
      'console/index.html carries the boot script',
      'console/index.html has an inline script',
      'console/index.html has an inline style',
      'console/index.html registers a service worker',
    ]);
  });

  it('fail when the customer document loses its boot script', () => {
    const build = goodBuild();
    build.customerHtml = '<script type="module" src="/assets/index-a.js"></script>';
    expect(separationProblems(build)).toEqual(['index.html lost its boot script']);
  });
});

const built = fs.existsSync('dist/.vite/modules.json');

describe.runIf(built)('the production build in dist/', () => {
  it('keeps the customer app and the console apart', () => {
    expect(separationProblems(readBuildFacts('dist'))).toEqual([]);
  });

  it('measures both apps', () => {
    const report = measureBundle('dist');
    expect(report.firstLoad.map((route) => route.route)).toEqual([
      'app/pages/login/login.tsx',
      'app/pages/home/home.tsx',
      'console (sign-in)',
    ]);
    expect(report.precached).toContain('index.html');
  });

  it("keeps the customer's sign-in first load within 100 KB of gzip", () => {
    const signIn = measureBundle('dist').firstLoad.find((route) => route.route === 'app/pages/login/login.tsx');
    expect(signIn?.js).toBeLessThanOrEqual(100 * 1024);
  });
});

it('has a build to check (run `npm run build` first)', () => {
  expect(built).toBe(true);
});
