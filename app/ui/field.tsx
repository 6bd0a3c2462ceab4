import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Something beside the input, e.g. the "Send code" button. */
  addon?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
};

/** A labelled input whose error is announced and tied to it. */
export function Field({ label, value, onChange, error, addon, inputRef, className, ...input }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const control = (
    <input
      {...input}
      ref={inputRef}
      id={id}
      className={`input ${className ?? ''}`}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
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
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
