import { useLingui } from '@lingui/react/macro';
import { NewPasswordFields as NewPasswordPair, OneTimeCodeField } from '../../web-kit/ui/credential-fields';

/** A new password and its repetition (the names `new_password` and `repeat`). */
export function NewPasswordFields({
  password,
  repeat,
  onPassword,
  onRepeat,
  errors,
  inputRef,
}: {
  password: string;
  repeat: string;
  onPassword: (value: string) => void;
  onRepeat: (value: string) => void;
  errors: { new_password?: string | undefined; repeat?: string | undefined };
  inputRef: (field: 'new_password' | 'repeat') => (input: HTMLInputElement | null) => void;
}) {
  const { t } = useLingui();
  return (
    <NewPasswordPair
      names={{ password: 'new_password', repeat: 'repeat' }}
      labels={{ password: t`New password`, repeat: t`Repeat the new password` }}
      hint={t`8 to 64 characters, at least one letter and one digit.`}
      values={{ new_password: password, repeat }}
      set={(field) => (field === 'new_password' ? onPassword : onRepeat)}
      errors={errors}
      inputRef={inputRef}
    />
  );
}

/** The 6 digits an authenticator app shows now (spaces allowed, as the apps show them). */
export function AuthenticatorCodeField({
  value,
  onChange,
  error,
  hint,
  inputRef,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  hint: string;
  inputRef: (input: HTMLInputElement | null) => void;
}) {
  const { t } = useLingui();
  return (
    <OneTimeCodeField
      label={t`Authenticator code`}
      maxLength={7}
      className="field-code"
      hint={hint}
      value={value}
      onChange={onChange}
      error={error}
      inputRef={inputRef}
    />
  );
}
