import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { OperatorInfo } from '../../contract/console';
import { isPlainText, isStrongEnoughPassword } from '../../contract/rules';
import { changePassword, signOut } from '../api/session';
import { AuthCard } from '../ui/auth-card';
import { BusyButton } from '../ui/busy-button';
import { ErrorNote } from '../ui/failure';
import { useCheckedForm } from '../lib/use-checked-form';
import { NewPasswordFields } from '../ui/credential-fields';
import { LanguageMenu } from '../state/language-menu';
import { SignOutButton } from '../ui/sign-out-button';
import { useTitle } from '../lib/use-title';
import { PasswordField } from '../../web-kit/ui/field';

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
  const form = useCheckedForm(FIELDS);

  const check = () => {
    const found: Partial<Record<PasswordField, string>> = {};
    if (!current) found.password = t`Enter your current password.`;
    if (!isStrongEnoughPassword(next) || !isPlainText(next)) {
      found.new_password = t`Use 8 to 64 characters with at least one letter and one digit.`;
    } else if (next === current) found.new_password = t`Choose a password different from the current one.`;
    if (repeat !== next) found.repeat = t`The two new passwords differ.`;
    return found;
  };

  const submit = (event: FormEvent) => form.submit(event, check, () => changePassword(current, next));

  return (
    <AuthCard title={t`Set a new password`}>
      <p className="lead">
        <Trans>
          Signed in as {operator.name}. Before anything else, replace the password you were given with one only you
          know.
        </Trans>
      </p>
      <form className="form" noValidate onSubmit={(event) => void submit(event)} aria-busy={form.busy || undefined}>
        <PasswordField
          label={t`Current password`}
          value={current}
          onChange={setCurrent}
          error={form.errors.password}
          inputRef={form.inputRef('password')}
        />
        <NewPasswordFields
          password={next}
          repeat={repeat}
          onPassword={setNext}
          onRepeat={setRepeat}
          errors={form.errors}
          inputRef={form.inputRef}
        />
        <ErrorNote error={form.failure} />
        <BusyButton type="submit" className="button-primary button-block" busy={form.busy}>
          {t`Save the new password`}
        </BusyButton>
      </form>
      <div className="auth-foot">
        <LanguageMenu />
        <SignOutButton signOut={signOut} />
      </div>
    </AuthCard>
  );
}
