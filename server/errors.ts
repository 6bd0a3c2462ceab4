import { ResultCode } from '../contract/envelope';
import type { MessageKey, MessageParams } from './i18n';

/** A handled outcome other than success: answered as HTTP 200 with this code and message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly code: number,
    readonly key: MessageKey,
    readonly data: Record<string, unknown> = {},
    readonly params: MessageParams = {},
  ) {
    super(key);
  }
}

export const signedOut = () => new ApiError(ResultCode.signedOut, 'signed_out');
export const notFound = () => new ApiError(ResultCode.notFound, 'not_found');
export const forbidden = () => new ApiError(ResultCode.forbidden, 'forbidden');

export function invalidField(field: string, key: MessageKey): ApiError {
  return new ApiError(ResultCode.invalid, key, { field });
}

export function conflict(key: MessageKey, data: Record<string, unknown> = {}): ApiError {
  return new ApiError(ResultCode.conflict, key, data);
}

export function tooManyRequests(retryAfterSeconds: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ApiError(ResultCode.tooManyRequests, 'too_many_requests', { retry_after: seconds }, { seconds });
}
