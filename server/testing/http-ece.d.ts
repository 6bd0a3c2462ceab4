/**
 * The part of http_ece (Encrypted Content-Encoding for HTTP, RFC 8188; web-push's own
 * dependency) the push tests use to decrypt what the server sent, as a browser would (RFC 8291).
 * The package ships no types.
 */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export interface DecryptParams {
    version: 'aes128gcm';
    /** The receiver's key pair: the subscription's p256dh is its public half. */
    privateKey: ECDH;
    /** The subscription's 16-byte auth secret. */
    authSecret: Buffer | string;
  }

  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
}
