import { ResultCode } from '../../../contract/envelope';
import { cents, formatMoney } from '../../../contract/money';
import { utcMinute, type MessageKey, type MessageParams } from '../i18n';

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

/**
 * An amount the call does not take here: 400 on its field, the bounds in the message (each place
 * says it in its own words: a minimum recharge, an offer's range, a product's range).
 */
export function outOfRange(
  key: 'amount_below_minimum' | 'number_out_of_range' | 'deposit_out_of_range',
  field: 'amount' | 'number',
  bounds: { min: number; max?: number },
): ApiError {
  const text = (value: number) => formatMoney(cents(value));
  const params = { min: text(bounds.min), ...(bounds.max === undefined ? {} : { max: text(bounds.max) }) };
  return new ApiError(ResultCode.invalid, key, { field }, params);
}

/** A payout account still in its hold after being bound or changed: when it can be used. */
export function payoutOnHold(usableAt: string): ApiError {
  return new ApiError(
    ResultCode.invalid,
    'payout_on_hold',
    { field: 'bk_id', usable_at: usableAt },
    { time: utcMinute(usableAt) },
  );
}

export function conflict(key: MessageKey, data: Record<string, unknown> = {}): ApiError {
  return new ApiError(ResultCode.conflict, key, data);
}

/** More work was asked for than may run at once (password hashes): answered at once, never queued. */
export const serverBusy = () => new ApiError(ResultCode.tooManyRequests, 'busy', { retry_after: 1 });

export function tooManyRequests(retryAfterSeconds: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ApiError(ResultCode.tooManyRequests, 'too_many_requests', { retry_after: seconds }, { seconds });
}
