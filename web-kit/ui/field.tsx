import { useLingui } from '@lingui/react/macro';
import { createContext, useContext, useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

/**
 * Whether a field's error is announced as it appears (role="alert"): the customer app says so
 * for all its fields. The console announces the note beside the form instead and focuses the
 * field, whose error is read with it.
 */
export const FieldErrorsAnnounced = createContext(false);

/** The hint and error under a field, tied to its control by `describedBy`. */
export function useFieldNotes(hint: string | undefined, error: string | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const announced = useContext(FieldErrorsAnnounced);
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const notes = (
    <>
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId} role={announced ? 'alert' : undefined}>
          {error}
        </p>
      ) : null}
    </>
  );
  return { id, errorId, describedBy, notes };
}

export type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field and tied to it; the field is marked invalid. */
  error?: string | undefined;
  /** A rule worth knowing before typing, shown under the field (a placeholder would vanish once typing starts). */
  hint?: string | undefined;
  /** Something beside the input, e.g. the "Send code" button. */
  addon?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
};

/** A labelled input whose hint and error are read with it. `className` is the field's, around label and input. */
export function Field({ label, value, onChange, error, hint, addon, inputRef, className, ...input }: FieldProps) {
  const { id, describedBy, notes } = useFieldNotes(hint, error);
  const control = (
    <input
      {...input}
      ref={inputRef}
      id={id}
      className="input"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
    />
  );
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {addon ? (
        <div className="field-row">
          {control}
          {addon}
        </div>
      ) : (
        control
      )}
      {notes}
    </div>
  );
}

type CredentialProps = Omit<FieldProps, 'label' | 'type' | 'autoComplete' | 'inputMode'> & { label?: string };

/**
 * A password typed to prove who one is (`current`) or to set (`new`), so that password managers
 * fill or offer the right one.
 */
export function PasswordField({
  label,
  purpose = 'current',
  name = 'password',
  ...field
}: CredentialProps & { purpose?: 'current' | 'new' }) {
  const { t } = useLingui();
  return (
    <Field
      {...field}
      label={label ?? t`Password`}
      name={name}
      type="password"
      autoComplete={purpose === 'new' ? 'new-password' : 'current-password'}
    />
  );
}

/** The name one signs in with, as typed: no capital or spelling fix forced on it; password managers fill it. */
export function UsernameField(props: Omit<FieldProps, 'autoComplete' | 'autoCapitalize' | 'spellCheck'>) {
  return <Field {...props} autoComplete="username" autoCapitalize="none" spellCheck={false} />;
}
