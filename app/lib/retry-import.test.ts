// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { failedModuleUrl } from './retry-import';

describe('failedModuleUrl', () => {
  it('finds the module a failed dynamic import names (Chromium and Firefox wording)', () => {
    const url = `${location.origin}/assets/personal-info-Ab12_x.js`;
    expect(failedModuleUrl(new TypeError(`Failed to fetch dynamically imported module: ${url}`))).toBe(url);
    expect(failedModuleUrl(new TypeError(`error loading dynamically imported module: ${url}`))).toBe(url);
  });

  it('names nothing for another origin or a message without a URL', () => {
    expect(
      failedModuleUrl(new TypeError('Failed to fetch dynamically imported module: https://evil.example/a.js')),
    ).toBe(null);
    expect(failedModuleUrl(new TypeError('Importing a module script failed.'))).toBeNull();
  });
});
