/**
 * The link a customer shares. The server sends a path, or an absolute link when its PUBLIC_URL is
 * set; the build's VITE_APP_URL (`appUrl`) wins over both; a bare path is completed with the
 * address the app itself is open at.
 */
export function invitationLink(inviteUrl: string, appUrl: string, origin: string): string {
  const absolute = /^https?:\/\/[^/]+/i;
  if (appUrl) return appUrl + inviteUrl.replace(absolute, '');
  return absolute.test(inviteUrl) ? inviteUrl : origin + inviteUrl;
}
