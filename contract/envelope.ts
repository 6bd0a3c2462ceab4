/** Every handled outcome travels as HTTP 200 with this envelope. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export const ResultCode = {
  ok: 200,
  signedOut: -1,
  invalid: 400,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unsupportedMedia: 415,
  tooManyRequests: 429,
  internal: 500,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

/** `data` of a 400: the first field that failed. */
export interface InvalidFieldData {
  field?: string;
}

/** `data` of a 429. */
export interface RetryAfterData {
  retry_after: number;
}

export function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.code === 'number' && typeof candidate.msg === 'string';
}
