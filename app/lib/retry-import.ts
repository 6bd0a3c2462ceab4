/**
 * Loads a page's module again after it failed. Some browsers (Chromium 150 among them) keep a
 * failed dynamic import in their module map, so asking for the same URL again fails at once
 * without touching the network. The browser's error names the module's URL: asking for it with
 * a fresh query string makes a new request. When the error names no URL, or the module's own
 * imports are what failed, only a new document forgets the failure, so the page reloads.
 */
export async function retryImport<T>(load: () => Promise<T>, attempt: number): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const url = failedModuleUrl(error);
    if (url) {
      try {
        return (await import(/* @vite-ignore */ withRetryQuery(url, attempt))) as T;
      } catch {
        // Fall through to the reload below.
      }
    }
    location.reload();
    return new Promise<T>(() => undefined);
  }
}

/** The same-origin script URL a failed dynamic import names in its message, if any. */
export function failedModuleUrl(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  const match = /(https?:\/\/\S+?\.js)\b/.exec(message);
  if (!match?.[1]) return null;
  const url = new URL(match[1]);
  return url.origin === location.origin ? url.href : null;
}

function withRetryQuery(href: string, attempt: number): string {
  const url = new URL(href);
  url.searchParams.set('retry', String(attempt));
  return url.href;
}
