import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { signIn } from '../api/session';
import { OPERATOR_NAME_PATTERN, TOTP_CODE_PATTERN } from '../api/wire';
import { ServerRefusal } from '../lib/failures';
import { BusyButton } from '../ui/busy-button';
import { ErrorNote } from '../ui/failure';
import { TextField } from '../ui/field';
import { LanguageMenu } from './language-menu';
import { useTitle } from './use-title';

const FIELDS = ['name', 'password', 'code'] as const;
type SignInField = (typeof FIELDS)[number];

/** Spaces are how authenticator apps show the code ("123 456"); the server wants the digits. */
const digitsOf = (code: string) => code.replace(/\s+/g, '');

/** Operator name, password and the authenticator's current code; the server's refusal shows here. */
export function SignInPage({ ended }: { ended: boolean }) {
  const { t } = useLingui();
  useTitle(t`Sign in`);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<SignInField, string>>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const refs: Record<SignInField, RefObject<HTMLInputElement | null>> = {
    name: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    code: useRef<HTMLInputElement>(null),
  };

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
      await signIn(name.trim().toLowerCase(), password, digitsOf(code));
    } catch (error) {
      setFailure(error);
      // A code works once; the password is typed again as on any refused sign-in.
      setCode('');
      if (error instanceof ServerRefusal) setPassword('');
      const field = error instanceof ServerRefusal ? FIELDS.find((known) => known === error.field) : undefined;
      refs[field ?? (error instanceof ServerRefusal ? 'password' : 'code')].current?.focus();
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
          <Trans>Sign in</Trans>
        </h1>
        {ended ? (
          <p className="note note-info" role="status">
            <Trans>Your session ended; sign in again.</Trans>
          </p>
        ) : null}
        <form className="form" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy || undefined}>
          <TextField
            label={t`Operator name`}
            name="name"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={name}
            onChange={setName}
            error={errors.name}
            inputRef={refs.name}
          />
          <TextField
            label={t`Password`}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            error={errors.password}
            inputRef={refs.password}
          />
          <TextField
            label={t`Authenticator code`}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            className="field-code"
            hint={t`The 6 digits your authenticator app shows now.`}
            value={code}
            onChange={setCode}
            error={errors.code}
            inputRef={refs.code}
          />
          <ErrorNote error={failure} />
          <BusyButton type="submit" className="button-primary button-block" busy={busy}>
            {t`Sign in`}
          </BusyButton>
        </form>
        <LanguageMenu />
      </div>
    </main>
  );
}
