import { useLingui } from '@lingui/react/macro';
import type { PasskeyProblem } from '../../api/passkeys';

/** What to tell the customer when the browser's part of a passkey ceremony ended without one. */
export function usePasskeyProblemMessage(): (problem: PasskeyProblem) => string {
  const { t } = useLingui();
  return (problem) =>
    ({
      unsupported: t`This browser cannot use passkeys.`,
      cancelled: t`No passkey was used. Please try again when you are ready.`,
      already_added: t`This device already has a passkey for your account.`,
      failed: t`The passkey could not be used. Please try again.`,
    })[problem];
}
