import type { CallPath } from '../../contract/calls';
import { inTransaction, type InTransaction } from './transactions';
import { isoNow, type Domain } from '../platform/domain';
import { conflict } from '../platform/http/errors';
import { sha256 } from '../platform/security/tokens';

const WINDOW_SECONDS = 24 * 3600;

/** The request id itself, and the fresh proof a repeat must bring again (password or passkey). */
const PROOF_FIELDS = new Set(['request_id', 'password', 'challenge_id', 'passkey']);

function payloadHash(input: object): string {
  const fields = Object.entries(input)
    .filter(([key]) => !PROOF_FIELDS.has(key))
    .sort(([a], [b]) => a.localeCompare(b));
  return sha256(JSON.stringify(fields));
}

/** The first answer to this request id within 24 h, or a 409 when the payload differs. */
export async function replayed<T>(
  domain: Domain,
  userId: number,
  path: CallPath,
  requestId: string | undefined,
  input: object,
): Promise<T | undefined> {
  if (!requestId) return undefined;
  const since = new Date(domain.now().getTime() - WINDOW_SECONDS * 1000).toISOString();
  const earlier = await domain.queries.idempotency.find(userId, path, requestId, since);
  if (!earlier) return undefined;
  if (earlier.payload_hash !== payloadHash(input)) throw conflict('request_conflict', { field: 'request_id' });
  return JSON.parse(earlier.response) as T;
}

/**
 * Runs a money-moving create at most once per user, path and `request_id`: a repeat within 24 h
 * returns the first answer instead of acting again. The answer is recorded in the same
 * transaction as the action, so a crash can never leave one without the other; the request id
 * is locked first, so two copies of one request sent at once (to two nodes) act once.
 */
export function once<C extends Domain, T>(
  domain: C,
  userId: number,
  path: CallPath,
  requestId: string | undefined,
  input: object,
  act: (tx: C & InTransaction) => Promise<T>,
): Promise<T> {
  return inTransaction(domain, async (tx) => {
    if (requestId) await tx.lock(`request:${userId}:${path}:${requestId}`);
    const earlier = await replayed<T>(tx, userId, path, requestId, input);
    if (earlier !== undefined) return earlier;
    const result = await act(tx);
    if (requestId) {
      await tx.queries.idempotency.save(
        userId,
        path,
        requestId,
        payloadHash(input),
        JSON.stringify(result),
        isoNow(tx),
      );
    }
    return result;
  });
}
