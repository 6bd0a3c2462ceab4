import { afterEach, describe, expect, it, vi } from 'vitest';

/** The module reads its settings once, when imported: import it afresh under each environment. */
async function configWith(env: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  return import('./config');
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the global settings', () => {
  it('uses this site for images and its own icon as the logo when nothing is configured', async () => {
    const { appConfig, imageUrl } = await configWith({ VITE_IMAGE_BASE_URL: '', VITE_LOGO_URL: '' });
    expect(appConfig.logo).toBe('/icons/favicon.svg');
    expect(imageUrl('/uploads/a.png')).toBe('/uploads/a.png');
    expect(imageUrl('')).toBe('');
  });

  it('serves image paths from the configured base and shows the configured logo', async () => {
    const { appConfig, imageUrl } = await configWith({
      VITE_IMAGE_BASE_URL: 'https://img.example.com/wallet/',
      VITE_LOGO_URL: 'https://img.example.com/logo.svg',
    });
    expect(appConfig.logo).toBe('https://img.example.com/logo.svg');
    expect(imageUrl('/uploads/a.png')).toBe('https://img.example.com/wallet/uploads/a.png');
    expect(imageUrl('merchants/b.png')).toBe('https://img.example.com/wallet/merchants/b.png');
    // Addresses that are already whole, and pictures still on the device, stay as they are.
    expect(imageUrl('https://cdn.example.org/c.png')).toBe('https://cdn.example.org/c.png');
    expect(imageUrl('HTTPS://cdn.example.org/d.png')).toBe('HTTPS://cdn.example.org/d.png');
    expect(imageUrl('blob:https://wallet.example/1')).toBe('blob:https://wallet.example/1');
  });
});
