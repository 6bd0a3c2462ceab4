import { describe, expect, it } from 'vitest';
import { isUploadPath } from './upload-path';

describe('isUploadPath', () => {
  it('takes an upload of this site', () => {
    expect(isUploadPath('/uploads/2026/03/ab12cd.png')).toBe(true);
  });
  it('refuses anything that could lead elsewhere', () => {
    for (const path of [
      'https://evil.example/x.png',
      '//evil.example/uploads/x.png',
      'javascript:alert(1)',
      '/uploads/../api/console/auth/logout',
      '/uploads/a b.png',
      '/uploads/x.png?next=/',
      '/uploads/',
      '/other/x.png',
    ]) {
      expect(isUploadPath(path), path).toBe(false);
    }
  });
});
