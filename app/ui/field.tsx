import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** A rule worth knowing before typing, shown under the field (a placeholder would be cut off). */
  hint?: string;
  /** Something beside the input, e.g. the "Send code" button. */
  addon?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
};

/** A labelled input whose error is announced and tied to it. */
export function Field({ label, value, onChange, error, hint, addon, inputRef, className, ...input }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  const control = (
    <input
      {...input}
      ref={inputRef}
      id={id}
      className={`input ${className ?? ''}`}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
    />
  );
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {addon ? (
        <div className="field-row">
          {control}
          {addon}
        </div>
      ) : (
        control
      )}
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
