/**
 * A call's fields as the form the server reads, with the reader's language: fields left out
 * (undefined or null) are not sent at all, which the server tells apart from an empty one.
 */
export function formBody(fields: object, lang: string): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) body.append(key, String(value));
  }
  body.set('lang', lang);
  return body;
}
