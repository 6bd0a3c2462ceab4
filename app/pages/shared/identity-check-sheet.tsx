import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { browserHasPasskeys, confirmIdentityWithPasskey, useHasPasskeys, type IdentityProof } from '../../api/passkeys';
import { ServerRefusal } from '../../../web-kit/lib/failures';
import { BottomSheet } from '../../ui/bottom-sheet';
import { Form } from '../../ui/form';
import { useGuard } from '../../ui/guarded-button';
import { useFieldErrors } from './field-errors';
import { usePasskeyProblemMessage } from './passkey-problems';
import { PasswordField } from '../../../web-kit/ui/field';

const FIELDS = ['password'] as const;

/**
 * "Confirm it is you" before something a stolen session alone must not do: the account password,
 * or a passkey that checks it is the customer (fingerprint, face or PIN). `action` runs with the
 * proof and the sheet closes when it succeeds; a refusal is said in the sheet (a toast would sit
 * behind it), and the customer can try again.
 */
export function IdentityCheckSheet({
  title,
  explanation,
  confirmLabel,
  action,
  onClose,
}: {
  title: string;
  explanation: string;
  confirmLabel: string;
  action: (proof: IdentityProof) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const problemMessage = usePasskeyProblemMessage();
  const canUsePasskey = useHasPasskeys() && browserHasPasskeys();
  const [password, setPassword] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const { errors, focusRound, showOne, showFailure } = useFieldErrors(FIELDS);
  const [busy, run] = useGuard();

  const attempt = (proof: () => Promise<IdentityProof | undefined>) =>
    run(async () => {
      setRefusal(undefined);
      try {
        const given = await proof();
        if (!given) return;
        await action(given);
        onClose();
      } catch (error) {
        setPassword('');
        if (!(error instanceof ServerRefusal)) throw error;
        if (!showFailure(error)) setRefusal(error.message);
      }
    });

  const withPassword = () =>
    attempt(async () => {
      if (!showOne('password', password ? undefined : t`Please enter the password`)) return undefined;
      return { password };
    });

  const withPasskey = () =>
    attempt(async () => {
      showOne('password', undefined);
      const confirmed = await confirmIdentityWithPasskey();
      if (confirmed.ok) return confirmed.value;
      setRefusal(problemMessage(confirmed.problem));
      return undefined;
    });

  return (
    <BottomSheet title={title} onClose={onClose} testId="identity-check">
      <div className="sheet-body">
        <p className="muted small">{explanation}</p>
        <Form onSubmit={() => void withPassword()} focusRound={focusRound}>
          <PasswordField label={t`Account password`} value={password} onChange={setPassword} error={errors.password} />
          {refusal ? (
            <p className="notice" role="alert">
              {refusal}
            </p>
          ) : null}
          <button type="submit" className="button block" disabled={busy} aria-busy={busy || undefined}>
            {confirmLabel}
          </button>
          {canUsePasskey ? (
            <button type="button" className="button secondary block" disabled={busy} onClick={() => void withPasskey()}>
              <Trans>Confirm with passkey instead</Trans>
            </button>
          ) : null}
          <button type="button" className="button secondary block" disabled={busy} onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
        </Form>
      </div>
    </BottomSheet>
  );
}
