/**
 * Only an upload on this site: the path comes from a customer's order, and anything else (another
 * site, a javascript: address, a climb out of /uploads/) must not become an image or a link in the
 * console, which holds an operator's session.
 */
export function isUploadPath(path: string): boolean {
  return /^\/uploads\/[^\s?#\\]+$/.test(path) && !path.split('/').includes('..');
}
