import type { UserCallContext } from './calls';
import type { ServerContext } from '../platform/context';
import { invalidField } from '../platform/http/errors';
import { checkPasswordGuess, fromSession, guessKey } from './password-guesses';
import { verifyStepUp, type StepUpPurpose } from './webauthn';

/** What a call carries to prove, at that moment, that the one at the session is the owner. */
export interface IdentityProof {
  password?: string | undefined;
  challenge_id?: string | undefined;
  passkey?: Record<string, unknown> | undefined;
}

/**
 * Refuses a call unless it carries fresh proof that the one at this signed-in session is the
 * account's owner: the account password (its wrong guesses count against this session, so
 * strangers' failed sign-ins never block it), or one of the customer's passkeys that verified them
 * (fingerprint, face or PIN) for a challenge this session asked for `purpose`. A stolen session
 * alone must not be enough to move money or to weaken the account. Says which proof it was.
 */
export async function requireIdentityProof(
  context: ServerContext,
  call: UserCallContext,
  proof: IdentityProof,
  purpose: StepUpPurpose = 'confirm',
): Promise<'password' | 'passkey'> {
  const { user, tokenHash } = call;
  if (proof.password !== undefined) {
    const account = guessKey(user, user.account);
    if (!(await checkPasswordGuess(context, account, fromSession(tokenHash), proof.password, user.password_hash))) {
      throw invalidField('password', 'wrong_password');
    }
    return 'password';
  }
  if (
    proof.challenge_id !== undefined &&
    proof.passkey !== undefined &&
    (await verifyStepUp(context, call, purpose, proof.challenge_id, proof.passkey))
  ) {
    return 'passkey';
  }
  throw invalidField('passkey', 'passkey_not_verified');
}
