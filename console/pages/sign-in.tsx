import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { signIn } from '../api/session';
import { OPERATOR_NAME_PATTERN, TOTP_CODE_PATTERN } from '../api/wire';
import { ServerRefusal } from '../../web-kit/lib/failures';
import { AuthCard } from '../ui/auth-card';
import { BusyButton } from '../ui/busy-button';
import { ErrorNote } from '../ui/failure';
import { PasswordField, UsernameField } from '../../web-kit/ui/field';
import { digitsOf, useCheckedForm } from '../lib/use-checked-form';
import { AuthenticatorCodeField } from '../ui/credential-fields';
import { LanguageMenu } from '../state/language-menu';
import { useTitle } from '../lib/use-title';

const FIELDS = ['name', 'password', 'code'] as const;
type SignInField = (typeof FIELDS)[number];

/** Operator name, password and the authenticator's current code; the server's refusal shows here. */
export function SignInPage({ ended }: { ended: boolean }) {
  const { t } = useLingui();
  useTitle(t`Sign in`);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const form = useCheckedForm(FIELDS);

  const check = (): Partial<Record<SignInField, string>> => {
    const found: Partial<Record<SignInField, string>> = {};
    const operator = name.trim().toLowerCase();
    if (!operator) found.name = t`Enter your operator name.`;
    else if (!OPERATOR_NAME_PATTERN.test(operator)) {
      found.name = t`Operator names are 2 to 32 lower-case letters, digits, dots, dashes or underscores.`;
    }
    if (!password) found.password = t`Enter your password.`;
    if (!TOTP_CODE_PATTERN.test(digitsOf(code))) found.code = t`Enter the 6-digit code from your authenticator app.`;
    return found;
  };

  const submit = (event: FormEvent) =>
    form.submit(
      event,
      check,
      () => signIn(name.trim().toLowerCase(), password, digitsOf(code)),
      (error, named) => {
        // A code works once; the password is typed again as on any refused sign-in.
        setCode('');
        if (error instanceof ServerRefusal) setPassword('');
        return named ?? (error instanceof ServerRefusal ? 'password' : 'code');
      },
    );

  return (
    <AuthCard title={t`Sign in`}>
      {ended ? (
        <p className="note note-info" role="status">
          <Trans>Your session ended; sign in again.</Trans>
        </p>
      ) : null}
      <form className="form" noValidate onSubmit={(event) => void submit(event)} aria-busy={form.busy || undefined}>
        <UsernameField
          label={t`Operator name`}
          name="name"
          value={name}
          onChange={setName}
          error={form.errors.name}
          inputRef={form.inputRef('name')}
        />
        <PasswordField
          value={password}
          onChange={setPassword}
          error={form.errors.password}
          inputRef={form.inputRef('password')}
        />
        <AuthenticatorCodeField
          value={code}
          onChange={setCode}
          error={form.errors.code}
          hint={t`The 6 digits your authenticator app shows now.`}
          inputRef={form.inputRef('code')}
        />
        <ErrorNote error={form.failure} />
        <BusyButton type="submit" className="button-primary button-block" busy={form.busy}>
          {t`Sign in`}
        </BusyButton>
      </form>
      <LanguageMenu />
    </AuthCard>
  );
}
