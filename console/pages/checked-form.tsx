import { useLingui } from '@lingui/react/macro';
import { useRef, useState, type FormEvent } from 'react';
import { ServerRefusal } from '../../web-kit/lib/failures';
import { TextField } from '../ui/field';

/** Spaces are how authenticator apps show the code ("123 456"); the server wants the digits. */
export const digitsOf = (code: string) => code.replace(/\s+/g, '');

/**
 * A form of the console's own screens (sign-in, password, enrolment): checked in the browser
 * first, the first wrong field focused; then one call, busy while in flight, its refusal shown
 * beside the form and the field it names focused (or `focusAfter`'s choice).
 */
export function useCheckedForm<F extends string>(fields: readonly F[]) {
  const inputs = useRef<Partial<Record<F, HTMLInputElement | null>>>({});
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const focus = (field: F | undefined) => {
    if (field) inputs.current[field]?.focus();
  };

  const submit = async (
    event: FormEvent,
    check: () => Partial<Record<F, string>>,
    act: () => Promise<unknown>,
    focusAfter: (error: unknown, named: F | undefined) => F | undefined = (_error, named) => named,
  ) => {
    event.preventDefault();
    if (busy) return;
    const found = check();
    setErrors(found);
    setFailure(null);
    const first = fields.find((field) => found[field]);
    if (first) {
      focus(first);
      return;
    }
    setBusy(true);
    try {
      await act();
    } catch (error) {
      setFailure(error);
      const named = error instanceof ServerRefusal ? fields.find((known) => known === error.field) : undefined;
      focus(focusAfter(error, named));
    } finally {
      setBusy(false);
    }
  };

  /** The ref a field's input takes, so that the form can focus it. */
  const inputRef = (field: F) => (input: HTMLInputElement | null) => {
    inputs.current[field] = input;
  };

  return { errors, failure, busy, submit, inputRef };
}

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
    <>
      <TextField
        label={t`New password`}
        name="new_password"
        type="password"
        autoComplete="new-password"
        hint={t`8 to 64 characters, at least one letter and one digit.`}
        value={password}
        onChange={onPassword}
        error={errors.new_password}
        inputRef={inputRef('new_password')}
      />
      <TextField
        label={t`Repeat the new password`}
        name="repeat"
        type="password"
        autoComplete="new-password"
        value={repeat}
        onChange={onRepeat}
        error={errors.repeat}
        inputRef={inputRef('repeat')}
      />
    </>
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
    <TextField
      label={t`Authenticator code`}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
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
