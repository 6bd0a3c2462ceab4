/**
 * Global settings fixed at build time (VITE_* variables), with defaults for the reference build.
 * The original app kept these in a global store: image base url, logo, customer-service url,
 * app name and app url.
 */
const env = import.meta.env;

function withoutTrailingSlash(value: string): string {
  return value.replace(/\/+$/, '');
}

export const appConfig = {
  appName: env.VITE_APP_NAME || 'USDT Wallet',
  appVersion: '1.0.0',
  appVersionCode: 100,
  /** Where relative image paths (merchant avatars, uploads) are served from; '' = this site. */
  imageBaseUrl: withoutTrailingSlash(env.VITE_IMAGE_BASE_URL || ''),
  logo: env.VITE_LOGO_URL || '/icons/favicon.svg',
  /** A customer-service page shown first on the service screen, when set. */
  serviceUrl: env.VITE_SERVICE_URL || '',
  /** The app's public address for links shared outside it; '' = this site's address. */
  appUrl: withoutTrailingSlash(env.VITE_APP_URL || ''),
} as const;

/** An image path from the server, resolved against the image base url. */
export function imageUrl(path: string): string {
  if (!path || /^(https?:|data:|blob:)/i.test(path)) return path;
  return `${appConfig.imageBaseUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}
