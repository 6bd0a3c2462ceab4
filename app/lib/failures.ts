import type { Envelope } from '../../contract/envelope';

/** The server answered with a handled code other than success (its message already toasted). */
export class ApiFailure extends Error {
  override readonly name = 'ApiFailure';
  constructor(readonly envelope: Envelope) {
    super(envelope.msg);
  }
  get field(): string | undefined {
    const data = this.envelope.data as { field?: unknown } | null;
    return typeof data?.field === 'string' ? data.field : undefined;
  }
}

/** The server could not be reached, timed out, or answered outside HTTP 2xx. */
export class NetworkFailure extends Error {
  override readonly name = 'NetworkFailure';
}

/**
 * What a screen expects a call to end in besides success, and says so itself: anything else is a
 * bug, for the console and the error boundary.
 */
export function isExpectedFailure(error: unknown): error is ApiFailure | NetworkFailure {
  return error instanceof ApiFailure || error instanceof NetworkFailure;
}
