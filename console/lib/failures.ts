/**
 * How a call can fail, for the page that made it to say so in place. The server's message is
 * already in the console's language (it translates by `lang`); the other two are the page's to
 * word.
 */
export class ServerRefusal extends Error {
  override readonly name = 'ServerRefusal';
  constructor(
    /** The envelope's code: 400, 403, 404, 409, 429, 500… */
    readonly code: number,
    message: string,
    /** For a 400, the first field that failed, as the request named it. */
    readonly field?: string,
  ) {
    super(message);
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
