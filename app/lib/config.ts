/**
 * Global settings fixed at build time (VITE_* variables), with defaults for the reference build.
 * The original app kept these in a global store: image base url, logo, customer-service url,
 * app name and app url.
 */
const env = import.meta.env;

export const appConfig = {
  appName: env.VITE_APP_NAME || 'USDT Wallet',
  appVersion: '1.0.0',
  appVersionCode: 100,
} as const;
