import { describe, expect, it } from 'vitest';
import * as contract from '../../contract/console';
import * as wire from './wire';

describe("the console's copies of the contract's constants", () => {
  it('equal the contract', () => {
    expect(wire.CONSOLE_API_PREFIX).toBe(contract.CONSOLE_API_PREFIX);
    expect(wire.CONSOLE_LIVE_PATH).toBe(contract.CONSOLE_LIVE_PATH);
    expect(wire.CSRF_HEADER).toBe(contract.CSRF_HEADER);
    expect(wire.CSRF_FREE_CALLS).toEqual(contract.CSRF_FREE_CALLS);
    expect(wire.REVIEW_KINDS).toEqual(contract.REVIEW_KINDS);
    expect(wire.REMARK_MAX_LENGTH).toBe(contract.REMARK_MAX_LENGTH);
    expect(wire.OPERATOR_NAME_PATTERN.source).toBe(contract.OPERATOR_NAME_PATTERN.source);
    expect(wire.TOTP_CODE_PATTERN.source).toBe(contract.TOTP_CODE_PATTERN.source);
    expect(wire.ENROLMENT_TOKEN_PATTERN.source).toBe(contract.ENROLMENT_TOKEN_PATTERN.source);
  });
});
