import type { Envelope } from '../../contract/envelope';

/**
 * The server answered with a handled code other than success: its message is already in the
 * reader's language (the server translates by `lang`). The customer app builds it from the
 * envelope and may read `data` (a 409's current offer, a 429's wait); the console names the
 * field itself, only for a 400.
 */
export class ServerRefusal extends Error {
  override readonly name = 'ServerRefusal';
  /** The envelope's code: 400, 403, 404, 409, 429, 500… */
  readonly code: number;
  /** For a 400, the first field that failed, as the request named it. */
  readonly field?: string;
  /** The envelope's `data`, when built from one. */
  readonly data?: unknown;
  constructor(envelope: Envelope);
  constructor(code: number, message: string, field?: string);
  constructor(codeOrEnvelope: number | Envelope, message?: string, field?: string) {
    const envelope = typeof codeOrEnvelope === 'number' ? null : codeOrEnvelope;
    super(envelope ? envelope.msg : message);
    this.code = envelope ? envelope.code : (codeOrEnvelope as number);
    const named = envelope ? (envelope.data as { field?: unknown } | null)?.field : field;
    if (typeof named === 'string') this.field = named;
    if (envelope) this.data = envelope.data;
  }
}

/** No envelope came back: no network, a timeout, or something in between answering instead. */
export class NetworkFailure extends Error {
  override readonly name = 'NetworkFailure';
}

/** The server said -1: the session is gone and the sign-in screen is already on its way. */
export class SignedOut extends Error {
  override readonly name = 'SignedOut';
}

/**
 * What a screen expects a call to end in besides success, and says so itself: anything else is a
 * bug, for the console and the error boundary.
 */
export function isExpectedFailure(error: unknown): error is ServerRefusal | NetworkFailure {
  return error instanceof ServerRefusal || error instanceof NetworkFailure;
}
