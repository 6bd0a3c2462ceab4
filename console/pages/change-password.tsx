import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import type { OperatorInfo } from '../../contract/console';
import { isPlainText, isStrongEnoughPassword } from '../../contract/rules';
import { changePassword } from '../api/session';
import { ServerRefusal } from '../lib/failures';
import { BusyButton } from '../ui/busy-button';
import { ErrorNote } from '../ui/failure';
import { TextField } from '../ui/field';
import { LanguageMenu } from './language-menu';
import { SignOutButton } from './sign-out-button';
import { useTitle } from './use-title';

const FIELDS = ['password', 'new_password', 'repeat'] as const;
type PasswordField = (typeof FIELDS)[number];

/**
 * A first sign-in (or one after a reset) opens nothing else: the operator sets a password of
 * their own, and the server answers with a fresh session.
 */
export function ChangePasswordPage({ operator }: { operator: OperatorInfo }) {
  const { t } = useLingui();
  useTitle(t`Set a new password`);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const refs: Record<PasswordField, RefObject<HTMLInputElement | null>> = {
    password: useRef<HTMLInputElement>(null),
    new_password: useRef<HTMLInputElement>(null),
    repeat: useRef<HTMLInputElement>(null),
  };

  const check = () => {
    const found: Partial<Record<PasswordField, string>> = {};
    if (!current) found.password = t`Enter your current password.`;
    if (!isStrongEnoughPassword(next) || !isPlainText(next)) {
      found.new_password = t`Use 8 to 64 characters with at least one letter and one digit.`;
    } else if (next === current) found.new_password = t`Choose a password different from the current one.`;
    if (repeat !== next) found.repeat = t`The two new passwords differ.`;
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = check();
    setErrors(found);
    setFailure(null);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      refs[first].current?.focus();
      return;
    }
    setBusy(true);
    try {
      await changePassword(current, next);
    } catch (error) {
      setFailure(error);
      const field = error instanceof ServerRefusal ? FIELDS.find((known) => known === error.field) : undefined;
      if (field) refs[field].current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="auth" id="main">
      <div className="auth-card">
        <p className="brand">
          <Trans>Operators' console</Trans>
        </p>
        <h1>
          <Trans>Set a new password</Trans>
        </h1>
        <p className="lead">
          <Trans>
            Signed in as {operator.name}. Before anything else, replace the password you were given with one only you
            know.
          </Trans>
        </p>
        <form className="form" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy || undefined}>
          <TextField
            label={t`Current password`}
            name="password"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={setCurrent}
            error={errors.password}
            inputRef={refs.password}
          />
          <TextField
            label={t`New password`}
            name="new_password"
            type="password"
            autoComplete="new-password"
            hint={t`8 to 64 characters, at least one letter and one digit.`}
            value={next}
            onChange={setNext}
            error={errors.new_password}
            inputRef={refs.new_password}
          />
          <TextField
            label={t`Repeat the new password`}
            name="repeat"
            type="password"
            autoComplete="new-password"
            value={repeat}
            onChange={setRepeat}
            error={errors.repeat}
            inputRef={refs.repeat}
          />
          <ErrorNote error={failure} />
          <BusyButton type="submit" className="button-primary button-block" busy={busy}>
            {t`Save the new password`}
          </BusyButton>
        </form>
        <div className="auth-foot">
          <LanguageMenu />
          <SignOutButton />
        </div>
      </div>
    </main>
  );
}
