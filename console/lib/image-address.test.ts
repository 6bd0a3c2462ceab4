import { describe, expect, it } from 'vitest';
import { merchantImage } from './image-address';

describe('merchantImage', () => {
  it('puts a clean path under the image base, and keeps an https: address', () => {
    expect(merchantImage('/merchants/lumen.png', '')).toBe('/merchants/lumen.png');
    expect(merchantImage('/merchants/lumen.png', 'https://cdn.example.com')).toBe(
      'https://cdn.example.com/merchants/lumen.png',
    );
    expect(merchantImage('https://cdn.example.com/a.png', '')).toBe('https://cdn.example.com/a.png');
  });
  it('shows no picture for anything else', () => {
    for (const avatar of [
      '',
      'javascript:alert(1)',
      'http://cdn.example.com/a.png',
      '/a/../b.png',
      '//evil.example/a.png',
    ]) {
      expect(merchantImage(avatar, ''), avatar).toBeNull();
    }
  });
});
